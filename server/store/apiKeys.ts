import type { Sql } from "../db/sql";

export interface ApiKeyRow {
  publicKey: string;
  orgId: string;
  expiresAt: number;
}

export async function insertApiKey(sql: Sql, key: ApiKeyRow & { name: string }, now: number): Promise<void> {
  await sql.query("insert into api_keys (public_key, org_id, name, expires_at, created_at) values ($1, $2, $3, $4, $5)", [
    key.publicKey,
    key.orgId,
    key.name,
    key.expiresAt,
    now,
  ]);
}

export async function findApiKey(sql: Sql, publicKey: string): Promise<ApiKeyRow | undefined> {
  return (
    await sql.query<ApiKeyRow>(
      `select public_key as "publicKey", org_id as "orgId", expires_at as "expiresAt" from api_keys where public_key = $1`,
      [publicKey],
    )
  ).rows[0];
}
