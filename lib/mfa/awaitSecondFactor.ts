import { MfaRequiredError, toError, type EmbeddedSigner, type Kit } from "latch-kit";
import "./registry";

/** How the factor completes the sign-in: a magic link is asked for again with it (default: validated). */
export interface SecondFactorContext {
  previousStep: "magicLink" | "otp";
  email?: string;
}

/** A code sign-in that needs a second factor waits for it (status AWAITING_MFA_AUTH). */
export function awaitSecondFactor(kit: Kit, signer: EmbeddedSigner, mfaFactorId: string | undefined, context?: SecondFactorContext): void {
  signer.patchState({ mfaStatus: { mfaRequired: true, ...(mfaFactorId ? { mfaFactorId } : {}), ...context } });
  kit.setStatus("AWAITING_MFA_AUTH");
}

/** Records a failed code sign-in; the backend asking for a second factor is a wait, not a failure. */
export function failCodeSignIn(kit: Kit, signer: EmbeddedSigner, thrown: unknown, context?: SecondFactorContext): Error {
  const error = toError(thrown);
  if (!(error instanceof MfaRequiredError)) return signer.fail(error);
  signer.patchState({ error });
  awaitSecondFactor(kit, signer, error.multiFactors[0]?.multiFactorId, context);
  return error;
}
