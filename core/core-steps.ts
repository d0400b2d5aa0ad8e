import { definePlugin, defineStep } from "./plugin";

// The two steps core owns. The renderer adds their screens; every other step comes from a plugin.
export const coreStepsPlugin = definePlugin({
  id: "latch-core-steps",
  steps: [
    defineStep({ type: "initial", back: null, showBack: false }),
    defineStep({
      type: "complete",
      back: null,
      showBack: false,
      onEnter: (_step, kit) => {
        if (kit.isModalOpen()) {
          kit.store.set(kit.atoms.modalOpen, false);
          kit.events.emit("modalOpenChanged", false);
        }
        kit.config.ui.onAuthSuccess?.(kit.getUser());
      },
    }),
  ],
});
