import { requests } from "../../../wire/requests";
import {
  claimTokenOnce,
  post,
  requireNonceFor,
  signInWithIdentity,
  verifyJwt,
  type ServerMethod,
} from "../../../server/method-kit";

const authJwtBody = requests["auth-jwt"];

// The jwt method's server part. Server-only: the kit's entries never import it.

/**
 * `auth-jwt`: sign-in with a JWT the app's own auth issued, verified against a trusted issuer's JWKS.
 * The token must name the key it signs in (`nonce` = hex(sha256(targetPublicKey))) and is good for
 * one sign-in. The identity is the JWT's (issuer, sub); it never links to an existing user by email.
 * A user with a second factor gets MFA_REQUIRED (encryptedPayload, multiFactors), as after an email code.
 */
function authJwt() {
  return post("/auth-jwt", authJwtBody, async (_c, request, ctx) => {
    const { claims, issuer } = await verifyJwt(ctx, request.jwt, request.authProvider ? { authProvider: request.authProvider } : {});
    requireNonceFor(claims, request.targetPublicKey, "JWT");
    await claimTokenOnce(ctx, request.jwt, claims);
    const outcome = await signInWithIdentity(ctx, {
      issuer,
      claims,
      providerName: issuer.id,
      targetPublicKey: request.targetPublicKey,
      expirationSeconds: request.expirationSeconds,
      linkByEmail: false,
    });
    if (outcome.kind === "mfa") {
      const { orgId, encryptedPayload, multiFactors } = outcome;
      return { status: "MFA_REQUIRED", isSignUp: false, orgId, encryptedPayload, multiFactors };
    }
    if (outcome.kind !== "session") throw new Error("unreachable: auth-jwt never links by email");
    ctx.observer.signIn("jwt");
    return { status: "SUCCESS", isSignUp: outcome.isSignUp, orgId: outcome.orgId, credentialBundle: outcome.credentialBundle };
  });
}

export const jwtServer: ServerMethod = { id: "jwt", routes: [authJwt()] };
