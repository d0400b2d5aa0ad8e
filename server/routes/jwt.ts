import { Hono } from "hono";
import { type } from "arktype";
import type { EmulatorContext } from "../context";
import * as s from "../schemas";
import { readBody } from "../validate";
import { verifyJwt } from "../services/jwt";
import { signInWithIdentity } from "../services/oauth";

const authJwtBody = type({
  jwt: "string > 0",
  targetPublicKey: s.targetPublicKey,
  "authProvider?": "string",
  "expirationSeconds?": s.expirationSeconds,
});

/**
 * `auth-jwt`: sign-in with a JWT the app's own auth issued, verified against a trusted issuer's JWKS.
 * The identity is the JWT's (issuer, sub); it never links to an existing user by email.
 */
export function jwtRoutes(ctx: EmulatorContext): Hono {
  const app = new Hono();
  app.post("/auth-jwt", async (c) => {
    const request = await readBody(c, authJwtBody);
    const { claims, issuer } = await verifyJwt(ctx, request.jwt, request.authProvider ? { authProvider: request.authProvider } : {});
    const outcome = await signInWithIdentity(ctx, {
      issuer,
      claims,
      providerName: issuer.id,
      targetPublicKey: request.targetPublicKey,
      expirationSeconds: request.expirationSeconds,
      linkByEmail: false,
    });
    if (outcome.kind !== "session") throw new Error("unreachable: auth-jwt never links by email");
    ctx.observer.signIn("jwt");
    return c.json({ isSignUp: outcome.isSignUp, orgId: outcome.orgId, credentialBundle: outcome.credentialBundle });
  });
  return app;
}
