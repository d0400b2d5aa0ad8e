import { createHash } from "node:crypto";
import type { Sql } from "../db/sql";

/** Authorization codes and access tokens of the dev identity provider, kept by hash so every instance sees them. */
export type IdpGrantKind = "code" | "access-token";

export async function insertIdpGrant(sql: Sql, kind: IdpGrantKind, secret: string, payload: object, expiresAt: number): Promise<void> {
  await sql.query("insert into idp_grants (hash, kind, payload, expires_at) values ($1, $2, $3, $4)", [grantHash(secret), kind, JSON.stringify(payload), expiresAt]);
}

/** Takes a grant out: it answers once, whatever the caller does next (codes are single use). */
export async function takeIdpGrant<T>(sql: Sql, kind: IdpGrantKind, secret: string, now: number): Promise<T | undefined> {
  const rows = await sql.query<{ payload: T }>("delete from idp_grants where hash = $1 and kind = $2 returning payload, expires_at > $3 as live", [
    grantHash(secret),
    kind,
    now,
  ]);
  const row = rows.rows[0] as { payload: T; live: boolean } | undefined;
  return row?.live ? row.payload : undefined;
}

export async function findIdpGrant<T>(sql: Sql, kind: IdpGrantKind, secret: string, now: number): Promise<T | undefined> {
  return (await sql.query<{ payload: T }>("select payload from idp_grants where hash = $1 and kind = $2 and expires_at > $3", [grantHash(secret), kind, now]))
    .rows[0]?.payload;
}

function grantHash(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}
