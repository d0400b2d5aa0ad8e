import { definePlugin, defineStep, embeddedSignerPlugin } from "latch-kit";
import { TotpVerifyScreen } from "./TotpVerifyScreen";
import "./registry";

export const totpVerifyStep = defineStep({ type: "totp_verify", Screen: TotpVerifyScreen, back: "initial" });

/**
 * A second factor (TOTP) for embedded sign-in: the `totp_verify` step that completes a sign-in
 * needing one. The code methods require it; the account actions (add, verify, remove, list) come
 * with `latch-kit/plugins/mfa`.
 */
export const mfaPlugin = definePlugin({
  id: "mfa",
  requires: [embeddedSignerPlugin],
  steps: [totpVerifyStep],
});
