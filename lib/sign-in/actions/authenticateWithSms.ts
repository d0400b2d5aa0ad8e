import { getEmbeddedSigner, type Kit } from "latch-kit";
import { failCodeSignIn } from "../../mfa/awaitSecondFactor";
import "../registry";
import { lookupUser } from "./lookupUser";
import { isSignUp } from "./signUpStatus";

/** SMS sign-in: the phone number. */
export interface AuthenticateWithSmsParameters {
  /** E.164, e.g. +14155550100. */
  phone: string;
  /** Aborting rejects at once with the signal's reason and stops the requests. */
  signal?: AbortSignal;
}

/** What SMS sign-in started: the user's organization, the code's id, and whether the user is new. */
export interface AuthenticateWithSmsReturnType {
  orgId: string;
  otpId?: string;
  isNewUser: boolean;
}

/** Starts SMS sign-in or sign-up; resolves once the code has been sent (status AWAITING_SMS_AUTH). */
export async function authenticateWithSms(
  kit: Kit,
  params: AuthenticateWithSmsParameters,
  mode: { signUp?: boolean } = {},
): Promise<AuthenticateWithSmsReturnType> {
  const signer = getEmbeddedSigner(kit);
  signer.beginSignIn("AUTHENTICATING_EMAIL", "otp");
  try {
    const targetPublicKey = await signer.frame.init();
    const options = { signal: params.signal };
    // createAccount signs up without asking whether the user exists.
    const existing = mode.signUp ? null : await lookupUser(signer, { phone: params.phone }, options);
    const body = { phone: params.phone, targetPublicKey, expirationSeconds: signer.expirationSeconds };
    const { orgId, otpId } = existing ? await signer.client.request("auth", body, options) : await signer.client.request("signup", body, options);
    const isNewUser = isSignUp(signer, params.phone, existing);
    signer.sessions.setTemporary({ orgId, isNewUser, contact: params.phone, ...(otpId ? { otpId } : {}) });
    signer.patchState({ error: null, isNewUser, ...(otpId ? { otpId } : {}) });
    kit.setStatus("AWAITING_SMS_AUTH");
    return { orgId, isNewUser, ...(otpId ? { otpId } : {}) };
  } catch (error) {
    throw failCodeSignIn(kit, signer, error);
  }
}
