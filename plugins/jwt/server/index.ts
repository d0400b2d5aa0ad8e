import { Hono } from "hono";
import { requests } from "../../../wire/requests";
import {
  claimTokenOnce,
  readBody,
  requireNonceFor,
  signInWithIdentity,
  verifyJwt,
  type ServerContext,
  type ServerMethod,
} from "../../../server/method-kit";

export const jwtServer: ServerMethod = { id: "jwt", routes: jwtRoutes };

const authJwtBody = requests["auth-jwt"];

// The jwt method's server part. Server-only: the kit's entries never import it.

/**
 * `auth-jwt`: sign-in with a JWT the app's own auth issued, verified against a trusted issuer's JWKS.
 * The token must name the key it signs in (`nonce` = hex(sha256(targetPublicKey))) and is good for
 * one sign-in. The identity is the JWT's (issuer, sub); it never links to an existing user by email.
 * A user with a second factor gets MFA_REQUIRED (encryptedPayload, multiFactors), as after an email code.
 */
function jwtRoutes(ctx: ServerContext): Hono {
  const app = new Hono();
  app.post("/auth-jwt", async (c) => {
    const request = await readBody(c, authJwtBody);
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
      return c.json({ status: "MFA_REQUIRED", isSignUp: false, orgId, encryptedPayload, multiFactors });
    }
    if (outcome.kind !== "session") throw new Error("unreachable: auth-jwt never links by email");
    ctx.observer.signIn("jwt");
    return c.json({ status: "SUCCESS", isSignUp: outcome.isSignUp, orgId: outcome.orgId, credentialBundle: outcome.credentialBundle });
  });
  return app;
}
