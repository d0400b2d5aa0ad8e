import { getEmbeddedSigner, LatchError, RETURN_PARAMS, type EmailMode, type Kit } from "latch-kit";
import { isEmailAddress } from "../email-address";
import { failCodeSignIn } from "../../mfa/awaitSecondFactor";
import type { MultiFactorCode } from "../../mfa/registry";
import "../registry";
import { getEmailMode } from "./getEmailMode";
import { lookupUser } from "./lookupUser";
import { isSignUp } from "./signUpStatus";

/** Email sign-in: the address, the mode (code or magic link), the magic link's redirect parameters, and second-factor codes. */
export interface AuthenticateWithEmailParameters {
  email: string;
  /** Default: the kit's email mode (`getEmailMode`). */
  emailMode?: EmailMode;
  /** Carried back by the magic link. */
  redirectParams?: URLSearchParams;
  /** A second factor, when asking for a link again after the backend required one. */
  multiFactors?: MultiFactorCode[];
  /** Aborting rejects at once with the signal's reason and stops the requests. */
  signal?: AbortSignal;
}

/** What email sign-in started: the user's organization, the code's id, and whether the user is new. */
export interface AuthenticateWithEmailReturnType {
  orgId: string;
  otpId?: string;
  isNewUser: boolean;
}

/**
 * Starts email sign-in or sign-up: lookup, then auth (known user) or signup (new user). Resolves
 * once the code or link has been sent (status AWAITING_OTP_AUTH or AWAITING_EMAIL_AUTH).
 */
export async function authenticateWithEmail(
  kit: Kit,
  params: AuthenticateWithEmailParameters,
  mode: { signUp?: boolean } = {},
): Promise<AuthenticateWithEmailReturnType> {
  const signer = getEmbeddedSigner(kit);
  const emailMode = params.emailMode ?? (await getEmailMode(kit));
  // Both email modes announce the send as "otp" (the authenticating types: otp, otpVerify, passkey, oauth, custom-jwt).
  signer.beginSignIn("AUTHENTICATING_EMAIL", "otp");
  try {
    // The generic schema message for a field that must be an email; nothing is sent.
    if (!isEmailAddress(params.email)) throw new LatchError("Invalid email");
    const targetPublicKey = await signer.frame.init();
    const options = { signal: params.signal };
    // createAccount signs up without asking whether the user exists.
    const existing = mode.signUp ? null : await lookupUser(signer, { email: params.email }, options);
    const redirectParams = new URLSearchParams(params.redirectParams);
    const common = { email: params.email, emailMode, targetPublicKey, expirationSeconds: signer.expirationSeconds };
    const isNewUser = isSignUp(signer, params.email, existing);
    if (isNewUser) redirectParams.set(RETURN_PARAMS.isSignup, "true");
    // The link comes back to the page that asked (the server accepts it on an allowed app origin).
    if (emailMode === "magicLink" && typeof location !== "undefined") redirectParams.set(RETURN_PARAMS.returnTo, location.href);
    const { orgId, otpId } = existing
      ? await signer.client.request("auth", {
          ...common,
          redirectParams: redirectParams.toString(),
          ...(params.multiFactors ? { multiFactors: params.multiFactors } : {}),
        }, options)
      : await signer.client.request("signup", { ...common, redirectParams: redirectParams.toString() }, options);
    signer.sessions.setTemporary({ orgId, isNewUser, contact: params.email, ...(otpId ? { otpId } : {}) });
    signer.patchState({ error: null, isNewUser, ...(otpId ? { otpId } : {}) });
    kit.setStatus(emailMode === "otp" ? "AWAITING_OTP_AUTH" : "AWAITING_EMAIL_AUTH");
    return { orgId, isNewUser, ...(otpId ? { otpId } : {}) };
  } catch (error) {
    throw failCodeSignIn(kit, signer, error, emailMode === "magicLink" ? { previousStep: "magicLink", email: params.email } : undefined);
  }
}
