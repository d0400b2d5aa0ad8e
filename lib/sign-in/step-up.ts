// A code sent to the account's own email or phone as a step-up proof (for users without an
// authenticator app): the `step_up_code` step and its prover, shared by the code and link methods.
import { definePlugin, defineStep, embeddedSignerPlugin, getEmbeddedSigner, LatchError, STEP_UP_PROVER, type StepUpProver } from "latch-kit";
import { mfaPlugin } from "../mfa/plugin";
import { stepUpPrompt } from "../mfa/step-up";
import { StepUpCodeScreen } from "./StepUpCodeScreen";
import "./registry";

export const stepUpCodeStep = defineStep({ type: "step_up_code", Screen: StepUpCodeScreen, back: null });

/** Sends a code to the contact the backend named (init-otp) and asks for it on `step_up_code`. */
export const contactStepUpProver: StepUpProver = {
  proof: "otp",
  prove: async (kit, proof, options) => {
    const user = getEmbeddedSigner(kit).requireUser();
    const sms = proof.otpType === "OTP_TYPE_SMS";
    const contact = sms ? user.phone : user.email;
    if (!contact) throw new LatchError(`The account has no ${sms ? "phone" : "email"} to send a code to`);
    const { otpId } = await getEmbeddedSigner(kit).client.request("init-otp", { contact, otpType: sms ? "OTP_TYPE_SMS" : "OTP_TYPE_EMAIL" }, options);
    await stepUpPrompt.of(kit).ask(kit, { type: "step_up_code", otpId, contact, channel: sms ? "sms" : "email" }, options);
  },
};

/** The contact-code step-up: installed once by every method that requires it (email code, magic link, SMS). */
export const contactStepUpPlugin = definePlugin({
  id: "contact-step-up",
  requires: [embeddedSignerPlugin, mfaPlugin],
  steps: [stepUpCodeStep],
  /** Offers a code to the account's own email or phone as a step-up proof. */
  setup: (kit) => void kit.container.add(STEP_UP_PROVER, contactStepUpProver),
});
