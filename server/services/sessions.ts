import type { ServerContext } from "../context";
import type { Sql } from "../db/sql";
import { sealCredentialBundle } from "../crypto/bundle";
import { newP256KeyPair } from "../crypto/p256";
import { insertApiKey } from "../store/apiKeys";

export interface SessionGrant {
  credentialBundle: string;
  apiPublicKey: string;
  expiresAt: number;
  targetPublicKey: string;
}

/** A fresh API key sealed to the client's frame key; register it with `registerSession` to make it usable. */
export async function prepareSession(ctx: ServerContext, targetPublicKey: string, expirationSeconds?: number): Promise<SessionGrant> {
  const key = newP256KeyPair();
  const credentialBundle = await sealCredentialBundle(targetPublicKey, key.privateKey);
  const seconds = expirationSeconds ?? ctx.limits.defaultExpirationSeconds;
  return { credentialBundle, apiPublicKey: key.publicKeyCompressedHex, expiresAt: ctx.now() + seconds * 1000, targetPublicKey };
}

export async function registerSession(sql: Sql, ctx: ServerContext, orgId: string, grant: SessionGrant): Promise<void> {
  await insertApiKey(
    sql,
    { publicKey: grant.apiPublicKey, orgId, expiresAt: grant.expiresAt, name: `session-${ctx.now()}`, targetPublicKey: grant.targetPublicKey },
    ctx.now(),
  );
}

export async function openSession(ctx: ServerContext, orgId: string, targetPublicKey: string, expirationSeconds?: number): Promise<string> {
  const grant = await prepareSession(ctx, targetPublicKey, expirationSeconds);
  await registerSession(ctx.db, ctx, orgId, grant);
  return grant.credentialBundle;
}
