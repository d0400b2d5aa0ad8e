import { defineListener, definePlugin, defineStep, type LatchPlugin } from "./plugin";

// The two steps core owns. The renderer adds their screens; every other step comes from a plugin.
export const coreStepsPlugin: LatchPlugin = definePlugin({
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
        // A sign-up may pass 'complete' twice (before and after a passkey offer): report once.
        if (kit.store.get(kit.atoms.authSuccessReported)) return;
        kit.store.set(kit.atoms.authSuccessReported, true);
        kit.config.ui.onAuthSuccess?.(kit.getUser());
      },
    }),
  ],
  listeners: [defineListener("disconnected", (_payload, kit) => kit.store.set(kit.atoms.authSuccessReported, false))],
});
