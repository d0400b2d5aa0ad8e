import { getEmbeddedSigner, MfaRequiredError, type Kit, type MfaFactor, type SessionType } from "latch-kit";
import { awaitSecondFactor } from "./awaitSecondFactor";
import "./registry";

/**
 * A sign-in (social, custom JWT) whose user has a second factor: the backend answered MFA_REQUIRED
 * with a pending sign-in. It is kept like an email code's, the status becomes awaiting MFA auth and
 * `totp_verify` opens (validating the factor completes the sign-in as `sessionType`). Answers the
 * MFA-required error for the caller.
 */
export function openSecondFactor(
  kit: Kit,
  pending: { orgId: string; encryptedPayload: string; multiFactors: MfaFactor[]; sessionType: SessionType },
): MfaRequiredError {
  const signer = getEmbeddedSigner(kit);
  const factor = pending.multiFactors[0];
  if (!factor) throw new Error("MFA_REQUIRED without factors");
  signer.sessions.setTemporary({
    orgId: pending.orgId,
    isNewUser: false,
    encryptedPayload: pending.encryptedPayload,
    mfaFactorId: factor.multiFactorId,
    sessionType: pending.sessionType,
  });
  signer.patchState({ error: null });
  awaitSecondFactor(kit, signer, factor.multiFactorId);
  const step = { type: "totp_verify" as const, factorId: factor.multiFactorId, previousStep: "otp" as const };
  if (kit.config.ui.uiMode === "modal") kit.openModal(step);
  else kit.setStep(step);
  return new MfaRequiredError(pending.multiFactors);
}
