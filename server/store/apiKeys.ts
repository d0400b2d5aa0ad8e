import type { Sql } from "../db/sql";

/** A session key's scope: `sign` reads and signs only (services/stamps/scope.ts); null is a full key. */
export type SessionScope = "sign";

export interface ApiKeyRow {
  publicKey: string;
  orgId: string;
  expiresAt: number;
  /** The frame key the session's credential bundle was sealed to (null for keys made before it was kept). */
  targetPublicKey: string | null;
  /** `sign`: the key reads and signs only (services/stamps/scope.ts); null: a full key. */
  scope: SessionScope | null;
  /** When the session's sign-in passed a second factor (null: it did not, or the key is no session's). */
  secondFactorAt: number | null;
}

export async function insertApiKey(
  sql: Sql,
  key: Omit<ApiKeyRow, "targetPublicKey" | "scope" | "secondFactorAt"> & {
    name: string;
    targetPublicKey?: string | null;
    scope?: SessionScope | null;
    secondFactorAt?: number | null;
    /** When a first-factor sign-in opened this session (null: no sign-in's, e.g. a sign-only session). */
    signedInAt?: number | null;
  },
  now: number,
): Promise<void> {
  await sql.query(
    "insert into api_keys (public_key, org_id, name, expires_at, created_at, target_public_key, scope, second_factor_at, signed_in_at) values ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    [key.publicKey, key.orgId, key.name, key.expiresAt, now, key.targetPublicKey ?? null, key.scope ?? null, key.secondFactorAt ?? null, key.signedInAt ?? null],
  );
}

export async function findApiKey(sql: Sql, publicKey: string): Promise<ApiKeyRow | undefined> {
  return (
    await sql.query<ApiKeyRow>(
      `select public_key as "publicKey", org_id as "orgId", expires_at as "expiresAt", target_public_key as "targetPublicKey", scope,
              second_factor_at as "secondFactorAt"
       from api_keys where public_key = $1`,
      [publicKey],
    )
  ).rows[0];
}

/** Registers a key unless its public key is registered already (to anyone); answers whether it was new. */
export async function insertApiKeyIfNew(sql: Sql, key: { publicKey: string; orgId: string; name: string; expiresAt: number }, now: number): Promise<boolean> {
  const inserted = await sql.query(
    `insert into api_keys (public_key, org_id, name, expires_at, created_at) values ($1, $2, $3, $4, $5)
     on conflict (public_key) do nothing returning public_key`,
    [key.publicKey, key.orgId, key.name, key.expiresAt, now],
  );
  return inserted.rows.length === 1;
}

/** How many of the organisation's API keys (sessions' included) are still valid. */
export async function countLiveApiKeys(sql: Sql, orgId: string, now: number): Promise<number> {
  const rows = await sql.query<{ count: number }>("select count(*)::int as count from api_keys where org_id = $1 and expires_at > $2", [orgId, now]);
  return rows.rows[0]!.count;
}

/** The organisation's valid API keys (sessions' included), oldest first. */
export async function listLiveApiKeys(sql: Sql, orgId: string, now: number): Promise<Array<{ publicKey: string; name: string; expiresAt: number; createdAt: number }>> {
  return (
    await sql.query<{ publicKey: string; name: string; expiresAt: number; createdAt: number }>(
      `select public_key as "publicKey", name, expires_at as "expiresAt", created_at as "createdAt"
       from api_keys where org_id = $1 and expires_at > $2 order by created_at, public_key`,
      [orgId, now],
    )
  ).rows;
}

/** The public keys of all the organisation's API keys, expired ones included (ids are derived from them). */
export async function listApiKeyPublicKeys(sql: Sql, orgId: string): Promise<string[]> {
  return (await sql.query<{ publicKey: string }>(`select public_key as "publicKey" from api_keys where org_id = $1`, [orgId])).rows.map((row) => row.publicKey);
}

/** Deletes the organisation's keys among `publicKeys`; answers how many went. */
export async function deleteApiKeys(sql: Sql, orgId: string, publicKeys: string[]): Promise<number> {
  const deleted = await sql.query("delete from api_keys where org_id = $1 and public_key = any($2::text[]) returning public_key", [orgId, publicKeys]);
  return deleted.rows.length;
}
