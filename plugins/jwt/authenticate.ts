import { getEmbeddedSigner, toError, type Kit, type SignerStatus, type User } from "latch-kit";
import { decodeJwtClaims } from "../shared/jwt-claims";
import "./registry";

export interface AuthenticateWithJwtParameters {
  /** A JWT from the app's own auth; the backend verifies it against the issuer's JWKS. */
  jwt: string;
  /** The auth provider id the backend knows the issuer by. */
  authProviderId: string;
  /** Session length; default the signer's (`expirationTimeMs` / 1000). */
  expirationSeconds?: number;
}

export type AuthenticateWithJwtReturnType = User;

/**
 * Signs in with a JWT through `auth-jwt`: the backend verifies it, signs the subject up or in, and
 * answers a credential bundle sealed to the auth frame's key; the session type is 'custom-jwt'.
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
    });
    const claims = decodeJwtClaims(params.jwt);
    return await signer.completeWithBundle({
      bundle: answer.credentialBundle,
      orgId: answer.orgId,
      sessionType: "custom-jwt",
      isNewUser: answer.isSignUp,
      userExtras: { idToken: params.jwt, ...(claims ? { claims } : {}) },
    });
  } catch (thrown) {
    const error = toError(thrown);
    signer.patchState({ error });
    // A failed sign-in returns to disconnected; a signed-in user trying another token stays signed in.
    kit.setStatus(previous === "CONNECTED" && kit.getUser() ? "CONNECTED" : "DISCONNECTED");
    throw error;
  }
}
