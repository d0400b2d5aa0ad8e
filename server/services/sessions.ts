import type { ServerContext } from "../context";
import type { Sql } from "../db/sql";
import { sealCredentialBundle } from "../crypto/bundle";
import { newP256KeyPair } from "../crypto/p256";
import { insertApiKey, type SessionScope } from "../store/apiKeys";

export interface SessionGrant {
  credentialBundle: string;
  apiPublicKey: string;
  expiresAt: number;
  targetPublicKey: string;
  /** `sign`: the key reads and signs only; absent: a full session. */
  scope?: SessionScope;
}

/** A fresh API key sealed to the client's frame key; register it with `registerSession` to make it usable. */
export async function prepareSession(
  ctx: ServerContext,
  targetPublicKey: string,
  expirationSeconds?: number,
  options: { scope?: SessionScope; notAfter?: number } = {},
): Promise<SessionGrant> {
  const key = newP256KeyPair();
  const credentialBundle = await sealCredentialBundle(targetPublicKey, key.privateKey);
  const seconds = expirationSeconds ?? ctx.limits.defaultExpirationSeconds;
  const expiresAt = Math.min(ctx.now() + seconds * 1000, options.notAfter ?? Number.POSITIVE_INFINITY);
  return { credentialBundle, apiPublicKey: key.publicKeyCompressedHex, expiresAt, targetPublicKey, ...(options.scope ? { scope: options.scope } : {}) };
}

export async function registerSession(sql: Sql, ctx: ServerContext, orgId: string, grant: SessionGrant): Promise<void> {
  await insertApiKey(
    sql,
    { publicKey: grant.apiPublicKey, orgId, expiresAt: grant.expiresAt, name: `session-${ctx.now()}`, targetPublicKey: grant.targetPublicKey, scope: grant.scope ?? null },
    ctx.now(),
  );
}

export async function openSession(ctx: ServerContext, orgId: string, targetPublicKey: string, expirationSeconds?: number): Promise<string> {
  const grant = await prepareSession(ctx, targetPublicKey, expirationSeconds);
  await registerSession(ctx.db, ctx, orgId, grant);
  return grant.credentialBundle;
}
