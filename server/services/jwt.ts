import { createRemoteJWKSet, decodeJwt, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from "jose";
import type { ServerContext } from "../context";
import type { TrustedIssuer } from "../idp/socialProvider";
import { ApiError, badRequest, unauthorized } from "../errors";
import { devIdp } from "../idp/provider";
import { socialProvidersOf } from "./socialProviders";
import { DEV_APP_AUDIENCE, DEV_APP_ISSUER_ID, devAppIssuer } from "../idp/app-issuer";


export type VerifiedClaims = JWTPayload & { sub: string; iss: string; email?: unknown; email_verified?: unknown; name?: unknown; nonce?: unknown };

const ALGORITHMS = ["ES256", "ES384", "ES512", "RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "EdDSA"];
const CLOCK_TOLERANCE_SECONDS = 5;
const remoteKeySets = new WeakMap<ServerContext, Map<string, JWTVerifyGetKey>>();

export function trustedIssuers(ctx: ServerContext): TrustedIssuer[] {
  const social = socialProvidersOf(ctx).map((p) => p.issuer);
  const configured = ctx.jwtIssuers.map((option) => ({
    id: option.id ?? option.issuer,
    issuer: option.issuer,
    audiences: Array.isArray(option.audience) ? option.audience : [option.audience],
    keys: async () => remoteKeySet(ctx, option.jwksUri),
  }));
  if (ctx.profile !== "dev") return [...configured, ...social];
  const devApp = { id: DEV_APP_ISSUER_ID, issuer: devAppIssuer(ctx.publicUrl), audiences: [DEV_APP_AUDIENCE], keys: () => devIdp(ctx).keySet() };
  return [...configured, ...social, devApp];
}

function remoteKeySet(ctx: ServerContext, jwksUri: string): JWTVerifyGetKey {
  let sets = remoteKeySets.get(ctx);
  if (!sets) remoteKeySets.set(ctx, (sets = new Map()));
  let set = sets.get(jwksUri);
  if (!set) {
    set = createRemoteJWKSet(new URL(jwksUri), { timeoutDuration: 5000, cooldownDuration: 1000 });
    sets.set(jwksUri, set);
  }
  return set;
}

/**
 * Verifies a JWT against the issuer it names (or the auth provider the client names): signature by
 * the issuer's JWKS, audience, expiry and not-before. Refusals are 401s that say what was wrong.
 */
export async function verifyJwt(
  ctx: ServerContext,
  token: string,
  options: { authProvider?: string; issuer?: TrustedIssuer } = {},
): Promise<{ claims: VerifiedClaims; issuer: TrustedIssuer }> {
  let unverified: JWTPayload;
  try {
    unverified = decodeJwt(token);
  } catch {
    throw badRequest("INVALID_JWT", "The token is not a well-formed JWT (three base64url parts, JSON header and claims)");
  }
  const issuers = trustedIssuers(ctx);
  let issuer = options.issuer;
  if (!issuer && options.authProvider) {
    issuer = issuers.find((i) => i.id === options.authProvider);
    if (!issuer) throw badRequest("UNKNOWN_AUTH_PROVIDER", `No auth provider found with id ${options.authProvider}`);
  }
  if (!issuer) {
    issuer = issuers.find((i) => i.issuer === unverified.iss);
    if (!issuer) {
      throw unauthorized(
        "UNKNOWN_JWT_ISSUER",
        `JWT issuer ${JSON.stringify(unverified.iss ?? null)} is not trusted: start the emulator with --jwt-issuer (or the jwtIssuers option) for it`,
      );
    }
  }
  if (unverified.iss !== issuer.issuer) {
    throw unauthorized("JWT_ISSUER_MISMATCH", `JWT issuer ${JSON.stringify(unverified.iss ?? null)} is not the issuer of ${issuer.id} (${issuer.issuer})`);
  }
  try {
    const { payload } = await jwtVerify(token, await issuer.keys(), {
      issuer: issuer.issuer,
      audience: issuer.audiences,
      algorithms: ALGORITHMS,
      currentDate: new Date(ctx.now()),
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ["sub", "exp"],
    });
    return { claims: payload as VerifiedClaims, issuer };
  } catch (error) {
    throw jwtRefusal(error, issuer, unverified);
  }
}

function jwtRefusal(error: unknown, issuer: TrustedIssuer, claims: JWTPayload): ApiError {
  if (error instanceof errors.JWTExpired) {
    const at = typeof claims.exp === "number" ? new Date(claims.exp * 1000).toISOString() : "an unknown time";
    return unauthorized("JWT_EXPIRED", `The JWT expired at ${at}`);
  }
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === "aud") {
      return unauthorized(
        "JWT_AUDIENCE_MISMATCH",
        `The JWT audience ${JSON.stringify(claims.aud ?? null)} is not accepted for issuer ${issuer.issuer} (expected ${issuer.audiences.join(" or ")})`,
      );
    }
    if (error.claim === "nbf") return unauthorized("JWT_NOT_YET_VALID", "The JWT is not valid yet (nbf is in the future)");
    return unauthorized("INVALID_JWT", `The JWT's ${error.claim} claim is invalid: ${error.reason === "missing" ? "missing" : error.message}`);
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) {
    return unauthorized("INVALID_JWT_SIGNATURE", `The JWT signature does not verify against the keys of issuer ${issuer.issuer}`);
  }
  if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys) {
    return unauthorized("INVALID_JWT_SIGNATURE", `No key of issuer ${issuer.issuer} matches the JWT's kid and algorithm`);
  }
  if (error instanceof errors.JOSEAlgNotAllowed || error instanceof errors.JOSENotSupported) {
    return unauthorized("INVALID_JWT", `The JWT's algorithm is not accepted (asymmetric signatures only: ${ALGORITHMS.join(", ")})`);
  }
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid || error instanceof TypeError) {
    return new ApiError(502, "JWKS_UNAVAILABLE", `The JWKS of issuer ${issuer.issuer} could not be fetched: ${(error as Error).message}`);
  }
  if (error instanceof errors.JOSEError) return badRequest("INVALID_JWT", `The JWT is invalid: ${error.message}`);
  return error instanceof ApiError ? error : new ApiError(502, "JWKS_UNAVAILABLE", `Verifying the JWT failed: ${(error as Error).message}`);
}
