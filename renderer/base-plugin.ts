import { definePlugin, defineStep, type LatchPlugin } from "latch-kit";
import { InitialScreen, TermsFooter } from "./steps/InitialScreen";

/** Screens for the steps core owns; installed by LatchProvider. */
export const rendererBasePlugin: LatchPlugin = definePlugin({
  id: "latch-renderer-base",
  steps: [defineStep({ type: "initial", Screen: InitialScreen, Footer: TermsFooter })],
});
