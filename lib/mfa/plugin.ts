import { defineListener, definePlugin, defineStep, embeddedSignerPlugin, getEmbeddedSigner, STEP_UP_PROVER, type Kit, type LatchPlugin } from "latch-kit";
import { cancelStepUpOnClose, totpStepUpProver } from "./step-up";
import { TotpVerifyScreen } from "./TotpVerifyScreen";
import "./registry";

// Back is not offered: the spec lists no back target for it, so a back action only warns.
export const totpVerifyStep = defineStep({ type: "totp_verify", Screen: TotpVerifyScreen, back: null });

/**
 * The signer waiting for a second factor moves an open dialog to totp_verify, whoever started the
 * sign-in (the dialog, or the app calling authenticate while the dialog is open).
 */
function showSecondFactor(kit: Kit): void {
  const mfa = getEmbeddedSigner(kit).state.mfaStatus;
  if (!kit.isModalOpen() || !mfa?.mfaFactorId) return;
  const step = kit.getStep();
  if (step.type === "totp_verify" && step.factorId === mfa.mfaFactorId) return;
  kit.setStep({ type: "totp_verify", factorId: mfa.mfaFactorId, previousStep: mfa.previousStep ?? "otp", ...(mfa.email ? { email: mfa.email } : {}) });
}

/**
 * A second factor (TOTP) for embedded sign-in: the `totp_verify` step that completes a sign-in
 * needing one. The code methods require it; the account actions (add, verify, remove, list) come
 * with `latch-kit/plugins/mfa`.
 */
export const mfaPlugin: LatchPlugin = definePlugin({
  id: "mfa",
  requires: [embeddedSignerPlugin],
  steps: [totpVerifyStep],
  /** Offers the authenticator code as a step-up proof (sensitive changes of a signed-in user). */
  setup: (kit: Kit) => void kit.container.add(STEP_UP_PROVER, totpStepUpProver),
  listeners: [
    cancelStepUpOnClose,
    defineListener("statusChanged", (status, kit) => {
      if (status === "AWAITING_MFA_AUTH") showSecondFactor(kit);
    }),
  ],
});
