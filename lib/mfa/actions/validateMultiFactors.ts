import { getEmbeddedSigner, LatchError, type AbortOptions, type Kit, type User } from "latch-kit";
import { failCodeSignIn } from "../awaitSecondFactor";
import type { MultiFactorCode } from "../registry";

/** The factor's id and a code from the authenticator app. */
export type ValidateMultiFactorsParameters = MultiFactorCode;
/** The signed-in user. */
export type ValidateMultiFactorsReturnType = User;

/** Completes a code sign-in that needed a second factor (auth-validate-multi-factors). */
export async function validateMultiFactors(kit: Kit, code: ValidateMultiFactorsParameters, options: AbortOptions = {}): Promise<ValidateMultiFactorsReturnType> {
  const signer = getEmbeddedSigner(kit);
  signer.beginSignIn();
  const temporary = signer.sessions.getTemporary();
  try {
    if (!temporary?.encryptedPayload) throw new LatchError("No pending MFA context found. Call submitOtpCode() first.");
    if (temporary.mfaFactorId && temporary.mfaFactorId !== code.multiFactorId) throw new LatchError("MFA factor ID mismatch");
    const answer = await signer.client.request("auth-validate-multi-factors", { encryptedPayload: temporary.encryptedPayload, multiFactors: [code] }, options);
    const bundle = answer.payload?.credentialBundle;
    if (!bundle) throw new LatchError("Request to validateMultiFactors did not return a credential bundle");
    // The session the pending sign-in becomes: a code's, or the social / JWT sign-in's that needed the factor.
    const sessionType = temporary.sessionType ?? "otp";
    return await signer.completeWithBundle({ bundle, orgId: temporary.orgId, sessionType, isNewUser: temporary.isNewUser ?? false, signal: options.signal });
  } catch (error) {
    throw failCodeSignIn(kit, signer, error);
  }
}
