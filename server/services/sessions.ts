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
  /** The session is a sign-in's (a first factor proved just now), not one derived from another credential. */
  signIn?: boolean;
}

/** How a session is made: its scope, a latest expiry, and whether its sign-in passed the user's second factor (split custody releases shares to it when a factor is enrolled). */
export interface SessionOptions {
  scope?: SessionScope;
  notAfter?: number;
  secondFactor?: boolean;
  /**
   * A first-factor sign-in opens it (a code, a link, a provider, a JWT, a passkey): for
   * `limits.signInProofMs` it is the session's own fresh proof (services/stepUp.ts). Sessions made
   * from another credential (a sign-only session, a passkey's frame session) are not.
   */
  signIn?: boolean;
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
    ...(options.signIn ? { signIn: true } : {}),
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
      signedInAt: grant.signIn ? ctx.now() : null,
    },
    ctx.now(),
  );
}

export async function openSession(ctx: ServerContext, orgId: string, targetPublicKey: string, expirationSeconds?: number, options: Pick<SessionOptions, "secondFactor" | "signIn"> = {}): Promise<string> {
  const grant = await prepareSession(ctx, targetPublicKey, expirationSeconds, options);
  await registerSession(ctx.db, ctx, orgId, grant);
  return grant.credentialBundle;
}
