import { abortOnLeavingStep, toError, type Kit } from "latch-kit";
import "./registry";

/**
 * Starts passkey sign-in (or sign-up): passkey_verify, then complete or the error panel. Leaving the
 * step (Cancel, the dialog closed) aborts the WebAuthn ceremony, so a retry starts at once.
 */
export async function startPasskeySignIn(kit: Kit, params: { createNew: boolean; email?: string }): Promise<void> {
  const step = { type: "passkey_verify" as const, createNew: params.createNew, ...(params.email ? { email: params.email } : {}) };
  kit.setStep(step);
  const leaving = abortOnLeavingStep(kit, "passkey_verify");
  try {
    await kit.authenticate({ type: "passkey", ...params, signal: leaving.signal });
    leaving.release();
    kit.setStep({ type: "complete" });
  } catch (error) {
    leaving.release();
    // A cancelled ceremony left the step already: then its end changes nothing on screen.
    if (!leaving.signal.aborted) kit.setStep({ ...step, error: toError(error) });
  }
}
