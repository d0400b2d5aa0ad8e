import { MfaRequiredError, toError, type EmbeddedSigner, type Kit } from "latch-kit";
import "./registry";

/** A code sign-in that needs a second factor waits for it (status AWAITING_MFA_AUTH). */
export function awaitSecondFactor(kit: Kit, signer: EmbeddedSigner, mfaFactorId: string | undefined): void {
  signer.patchState({ mfaStatus: { mfaRequired: true, ...(mfaFactorId ? { mfaFactorId } : {}) } });
  kit.setStatus("AWAITING_MFA_AUTH");
}

/** Records a failed code sign-in; the backend asking for a second factor is a wait, not a failure. */
export function failCodeSignIn(kit: Kit, signer: EmbeddedSigner, thrown: unknown): Error {
  const error = toError(thrown);
  if (!(error instanceof MfaRequiredError)) return signer.fail(error);
  signer.patchState({ error });
  awaitSecondFactor(kit, signer, error.multiFactors[0]?.multiFactorId);
  return error;
}
