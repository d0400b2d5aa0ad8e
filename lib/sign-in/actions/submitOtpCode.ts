import { getEmbeddedSigner, LatchError, type Kit, type MfaFactor, type User } from "latch-kit";
import { awaitSecondFactor, failCodeSignIn } from "../../mfa/awaitSecondFactor";
import type { MultiFactorCode } from "../../mfa/registry";
import "../registry";

/** The one-time code the user received. */
export interface SubmitOtpCodeParameters {
  otpCode: string;
  multiFactors?: MultiFactorCode[];
  /** Aborting rejects at once with the signal's reason and stops the requests. */
  signal?: AbortSignal;
}

/** Signed in, or a second factor is required. */
export type SubmitOtpCodeReturnType = { status: "SUCCESS"; user: User } | { status: "MFA_REQUIRED"; multiFactors: MfaFactor[] };

/** Submits the one-time code sent by email or SMS: signs in, or reports that a second factor is required. */
export async function submitOtpCode(kit: Kit, params: SubmitOtpCodeParameters): Promise<SubmitOtpCodeReturnType> {
  const signer = getEmbeddedSigner(kit);
  signer.beginSignIn(undefined, "otpVerify");
  const temporary = signer.sessions.getTemporary();
  try {
    if (!temporary?.orgId) throw new LatchError("orgId not found in session");
    if (!temporary.otpId) throw new LatchError("otpId not found in session");
    const targetPublicKey = await signer.frame.init();
    const answer = await signer.client.request("otp", {
      orgId: temporary.orgId,
      otpId: temporary.otpId,
      otpCode: params.otpCode,
      targetPublicKey,
      expirationSeconds: signer.expirationSeconds,
      ...(params.multiFactors ? { multiFactors: params.multiFactors } : {}),
    }, { signal: params.signal });
    if (answer.status === "MFA_REQUIRED" && answer.encryptedPayload && answer.multiFactors?.length) {
      const mfaFactorId = answer.multiFactors[0]!.multiFactorId;
      signer.sessions.updateTemporary({ encryptedPayload: answer.encryptedPayload, mfaFactorId });
      awaitSecondFactor(kit, signer, mfaFactorId);
      return { status: "MFA_REQUIRED", multiFactors: answer.multiFactors };
    }
    if (answer.status !== "SUCCESS" || !answer.credentialBundle) {
      throw new LatchError("Failed to submit OTP code. Server did not return required fields");
    }
    const user = await signer.completeWithBundle({ bundle: answer.credentialBundle, orgId: temporary.orgId, sessionType: "otp", isNewUser: temporary.isNewUser ?? false, signal: params.signal });
    return { status: "SUCCESS", user };
  } catch (error) {
    throw failCodeSignIn(kit, signer, error);
  }
}
