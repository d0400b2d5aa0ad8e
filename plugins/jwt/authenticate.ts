import { getEmbeddedSigner, MfaRequiredError, toError, type Kit, type SignerStatus, type User } from "latch-kit";
import { decodeJwtClaims } from "../../lib/jwt/claims";
import { frameKeyNonce } from "../../lib/jwt/nonce";
import { openSecondFactor } from "../../lib/mfa/second-factor";
import "./registry";

/**
 * The nonce the app's auth must put in the JWT (`nonce` claim): hex(sha256(the auth frame's public
 * key)). The backend accepts the token only for that key, once, so a leaked token signs nobody in.
 */
export async function getJwtNonce(kit: Kit): Promise<string> {
  return frameKeyNonce(await getEmbeddedSigner(kit).frame.init());
}

/** Sign-in with your own JWT: the token (its nonce bound to the frame key; see `getJwtNonce`), its provider id, and the session length. */
export interface AuthenticateWithJwtParameters {
  /** A JWT from the app's own auth, with `nonce` = `await getJwtNonce(kit)`; the backend verifies it against the issuer's JWKS. */
  jwt: string;
  /** Aborting rejects at once with the signal's reason and stops the requests. */
  signal?: AbortSignal;
  /** The auth provider id the backend knows the issuer by. */
  authProviderId: string;
  /** Session length; default the signer's (`expirationTimeMs` / 1000). */
  expirationSeconds?: number;
}

/** The signed-in user. */
export type AuthenticateWithJwtReturnType = User;

/**
 * Signs in with a JWT through `auth-jwt`: the backend verifies it, signs the subject up or in, and
 * answers a credential bundle sealed to the auth frame's key; the session type is 'custom-jwt'.
 * A user with a second factor gets `totp_verify` (status awaiting MFA auth) and this rejects with
 * the MFA-required error; the code entered there completes the sign-in.
 */
export async function authenticateWithJwt(kit: Kit, params: AuthenticateWithJwtParameters): Promise<AuthenticateWithJwtReturnType> {
  const signer = getEmbeddedSigner(kit);
  const previous: SignerStatus = kit.getStatus();
  kit.setStatus("AUTHENTICATING_JWT");
  kit.events.emit("authenticating", { type: "custom-jwt" });
  try {
    const targetPublicKey = await signer.frame.init();
    const answer = await signer.client.request("auth-jwt", {
      jwt: params.jwt,
      targetPublicKey,
      authProvider: params.authProviderId,
      expirationSeconds: params.expirationSeconds ?? signer.expirationSeconds,
    }, { signal: params.signal });
    if (answer.status === "MFA_REQUIRED") {
      throw openSecondFactor(kit, { ...answer, sessionType: "custom-jwt" });
    }
    const claims = decodeJwtClaims(params.jwt);
    return await signer.completeWithBundle({
      bundle: answer.credentialBundle,
      orgId: answer.orgId,
      sessionType: "custom-jwt",
      isNewUser: answer.isSignUp,
      userExtras: { idToken: params.jwt, ...(claims ? { claims } : {}) },
      signal: params.signal,
    });
  } catch (thrown) {
    const error = toError(thrown);
    if (error instanceof MfaRequiredError) throw error;
    signer.patchState({ error });
    // A failed sign-in returns to disconnected; a signed-in user trying another token stays signed in.
    kit.setStatus(previous === "CONNECTED" && kit.getUser() ? "CONNECTED" : "DISCONNECTED");
    throw error;
  }
}
