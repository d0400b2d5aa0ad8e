import type { Sql } from "../db/sql";

export interface ApiKeyRow {
  publicKey: string;
  orgId: string;
  expiresAt: number;
  /** The frame key the session's credential bundle was sealed to (null for keys made before it was kept). */
  targetPublicKey: string | null;
}

export async function insertApiKey(sql: Sql, key: Omit<ApiKeyRow, "targetPublicKey"> & { name: string; targetPublicKey?: string | null }, now: number): Promise<void> {
  await sql.query(
    "insert into api_keys (public_key, org_id, name, expires_at, created_at, target_public_key) values ($1, $2, $3, $4, $5, $6)",
    [key.publicKey, key.orgId, key.name, key.expiresAt, now, key.targetPublicKey ?? null],
  );
}

export async function findApiKey(sql: Sql, publicKey: string): Promise<ApiKeyRow | undefined> {
  return (
    await sql.query<ApiKeyRow>(
      `select public_key as "publicKey", org_id as "orgId", expires_at as "expiresAt", target_public_key as "targetPublicKey"
       from api_keys where public_key = $1`,
      [publicKey],
    )
  ).rows[0];
}
