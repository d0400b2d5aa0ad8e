import type { Sql } from "../db/sql";

/**
 * Records a one-time value (a stamped body, a sealed MFA payload); false when it was seen before.
 * The insert is the check, so two concurrent uses cannot both pass.
 */
export async function claimOnce(sql: Sql, hash: string, keepUntil: number): Promise<boolean> {
  const result = await sql.query("insert into used_tokens (hash, expires_at) values ($1, $2) on conflict do nothing returning hash", [
    hash,
    keepUntil,
  ]);
  return result.rows.length === 1;
}

export async function isClaimed(sql: Sql, hash: string): Promise<boolean> {
  return (await sql.query("select 1 from used_tokens where hash = $1", [hash])).rows.length > 0;
}
