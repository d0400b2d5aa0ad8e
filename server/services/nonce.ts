import { createHash } from "node:crypto";
import { badRequest } from "../errors";
import type { ServerContext } from "../context";
import { claimOnce } from "../store/usedTokens";
import type { VerifiedClaims } from "./jwt";

/** The nonce that binds a token to a frame key: hex(sha256(utf8(the key's hex))), as the kit computes it. */
export const nonceOf = (framePublicKey: string): string => createHash("sha256").update(framePublicKey, "utf8").digest("hex");

/**
 * A JWT or id token is good only for the frame key its `nonce` names: a leaked token plus another
 * key is refused. Issuers put the nonce the kit gives them (`getJwtNonce`) in the token.
 */
export function requireNonceFor(claims: VerifiedClaims, framePublicKey: string, what: string): void {
  if (typeof claims.nonce !== "string" || !claims.nonce) {
    throw badRequest("NONCE_REQUIRED", `The ${what} has no nonce claim: it must be hex(sha256(targetPublicKey)) of the key it signs in`);
  }
  if (claims.nonce.toLowerCase() !== nonceOf(framePublicKey)) {
    throw badRequest("NONCE_MISMATCH", `The ${what}'s nonce is not bound to this key (expected hex(sha256(targetPublicKey)))`);
  }
}

/**
 * A token signs in once: its signing input (header and claims, so a re-encoded signature is the
 * same token) and its `jti`, if any, are recorded until it expires; a second use is refused.
 */
export async function claimTokenOnce(ctx: ServerContext, token: string, claims: VerifiedClaims): Promise<void> {
  const signingInput = token.split(".").slice(0, 2).join(".");
  const keepUntil = (typeof claims.exp === "number" ? claims.exp * 1000 : ctx.now()) + 60_000;
  const keys = [`jwt:${createHash("sha256").update(signingInput).digest("hex")}`];
  if (typeof claims.jti === "string" && claims.jti) keys.push(`jwt-id:${createHash("sha256").update(`${claims.iss}\n${claims.jti}`).digest("hex")}`);
  await ctx.db.transaction(async (tx) => {
    for (const key of keys) {
      if (!(await claimOnce(tx, key, keepUntil))) throw badRequest("JWT_ALREADY_USED", "This JWT was already used to sign in: get a fresh one");
    }
  });
}
