// A stand-in for an app's own auth, for custom-JWT sign-in without one: the emulator's development
// token endpoint mints JWTs under this issuer (signed with the dev identity provider's key), and
// auth-jwt trusts it like any issuer given with --jwt-issuer. Development only, as the whole emulator:
// anyone who can reach the emulator can mint a token for any subject.
import { SignJWT } from "jose";
import type { ServerContext } from "../context";
import { devIdp } from "./provider";

export const DEV_APP_ISSUER_ID = "dev-app-auth";
export const DEV_APP_AUDIENCE = "latch-dev-app";
const TOKEN_TTL_SECONDS = 600;

export const devAppIssuer = (publicUrl: string) => `${publicUrl}/idp/${DEV_APP_ISSUER_ID}`;

export interface DevAppTokenRequest {
  sub: string;
  email?: string | undefined;
  name?: string | undefined;
  /** hex(sha256(targetPublicKey)) of the key the token will sign in (auth-jwt requires it). */
  nonce?: string | undefined;
}

export async function mintDevAppJwt(ctx: ServerContext, request: DevAppTokenRequest): Promise<string> {
  const signing = await devIdp(ctx).signingKey();
  const now = Math.floor(ctx.now() / 1000);
  return new SignJWT({
    ...(request.email ? { email: request.email, email_verified: true } : {}),
    ...(request.name ? { name: request.name } : {}),
    ...(request.nonce ? { nonce: request.nonce } : {}),
  })
    .setProtectedHeader({ alg: "ES256", kid: signing.kid, typ: "JWT" })
    .setIssuer(devAppIssuer(ctx.publicUrl))
    .setSubject(request.sub)
    .setAudience(DEV_APP_AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(now + TOKEN_TTL_SECONDS)
    .sign(signing.privateKey);
}
