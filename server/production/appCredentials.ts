import { createHash, timingSafeEqual } from "node:crypto";
import type { ExchangeMiddleware } from "../exchange/exchange";
import { decodeJwt } from "jose";
import type { ServerContext } from "../context";
import { ApiError, unauthorized } from "../errors";
import { trustedIssuers, verifyJwt } from "../services/jwt";

const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();

/**
 * The signer routes need an app credential: `Authorization: Bearer <key>` with one of LATCH_API_KEYS,
 * or a JWT of a trusted app issuer (LATCH_JWT_<ID>_*). Anything else is 401 and says which.
 */
export function requireAppCredential(ctx: ServerContext, apiKeys: string[]): ExchangeMiddleware {
  const keyDigests = apiKeys.map(digest);
  const appIssuerIds = new Set(ctx.jwtIssuers.map((i) => i.id ?? i.issuer));
  return async (x, next) => {
    const bearer = x.header("Authorization")?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
    if (!bearer) throw unauthorized("API_KEY_REQUIRED", "This server needs an app credential: send Authorization: Bearer <API key> (signer.connection.apiKey in the kit)");
    const given = digest(bearer);
    if (keyDigests.some((key) => timingSafeEqual(key, given))) return next();
    if (appIssuerIds.size > 0 && looksLikeJwt(bearer)) {
      const issuer = trustedIssuers(ctx).find((i) => appIssuerIds.has(i.id) && i.issuer === issuerOf(bearer));
      if (issuer) {
        try {
          await verifyJwt(ctx, bearer, { issuer });
          return next();
        } catch (error) {
          if (error instanceof ApiError && error.status === 502) throw error;
          throw unauthorized("INVALID_APP_JWT", `The app JWT is not accepted: ${(error as Error).message}`);
        }
      }
    }
    throw unauthorized("INVALID_API_KEY", "The API key (or app JWT) in Authorization is not one this server accepts");
  };
}

const looksLikeJwt = (value: string) => /^[\w-]+\.[\w-]+\.[\w-]+$/.test(value);

function issuerOf(token: string): string | undefined {
  try {
    return decodeJwt(token).iss;
  } catch {
    return undefined;
  }
}
