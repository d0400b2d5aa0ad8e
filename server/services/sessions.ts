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
  /** The sign-in passed a second factor (checked by the method that opens the session). */
  secondFactor?: boolean;
}

/** How a session is made: its scope, a latest expiry, and whether its sign-in passed the user's second factor (split custody releases shares to it when a factor is enrolled). */
export interface SessionOptions {
  scope?: SessionScope;
  notAfter?: number;
  secondFactor?: boolean;
}

/** A fresh API key sealed to the client's frame key; register it with `registerSession` to make it usable. */
export async function prepareSession(ctx: ServerContext, targetPublicKey: string, expirationSeconds?: number, options: SessionOptions = {}): Promise<SessionGrant> {
  const key = newP256KeyPair();
  const credentialBundle = await sealCredentialBundle(targetPublicKey, key.privateKey);
  const seconds = expirationSeconds ?? ctx.limits.defaultExpirationSeconds;
  const expiresAt = Math.min(ctx.now() + seconds * 1000, options.notAfter ?? Number.POSITIVE_INFINITY);
  return {
    credentialBundle,
    apiPublicKey: key.publicKeyCompressedHex,
    expiresAt,
    targetPublicKey,
    ...(options.scope ? { scope: options.scope } : {}),
    ...(options.secondFactor ? { secondFactor: true } : {}),
  };
}

export async function registerSession(sql: Sql, ctx: ServerContext, orgId: string, grant: SessionGrant): Promise<void> {
  await insertApiKey(
    sql,
    {
      publicKey: grant.apiPublicKey,
      orgId,
      expiresAt: grant.expiresAt,
      name: `session-${ctx.now()}`,
      targetPublicKey: grant.targetPublicKey,
      scope: grant.scope ?? null,
      secondFactorAt: grant.secondFactor ? ctx.now() : null,
    },
    ctx.now(),
  );
}

export async function openSession(ctx: ServerContext, orgId: string, targetPublicKey: string, expirationSeconds?: number, options: Pick<SessionOptions, "secondFactor"> = {}): Promise<string> {
  const grant = await prepareSession(ctx, targetPublicKey, expirationSeconds, options);
  await registerSession(ctx.db, ctx, orgId, grant);
  return grant.credentialBundle;
}
