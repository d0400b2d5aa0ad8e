import { toError, type Kit } from "latch-kit";
import "./registry";

/** Starts passkey sign-in (or sign-up): passkey_verify, then complete or the error panel. */
export async function startPasskeySignIn(kit: Kit, params: { createNew: boolean; email?: string }): Promise<void> {
  const step = { type: "passkey_verify" as const, createNew: params.createNew, ...(params.email ? { email: params.email } : {}) };
  kit.setStep(step);
  try {
    await kit.authenticate({ type: "passkey", ...params });
    // Cancel may have left this step while the ceremony ran: then the result changes nothing on screen.
    if (kit.getStep().type === "passkey_verify") kit.setStep({ type: "complete" });
  } catch (error) {
    if (kit.getStep().type === "passkey_verify") kit.setStep({ ...step, error: toError(error) });
  }
}
