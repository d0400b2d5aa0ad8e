import type { Sql } from "../db/sql";

// A fresh proof (TOTP, a code to the user's contact) recorded for the one credential that stamped it
// (a session's API key), in the one-time-values table: swept by expiry like the rest of it.
const stepUpKey = (orgId: string, credential: string) => `step-up:${orgId}:${credential}`;

/** Records that this credential of the organisation proved a second factor now, until `until`. */
export async function recordStepUp(sql: Sql, orgId: string, credential: string, until: number): Promise<void> {
  await sql.query(
    `insert into used_tokens (hash, expires_at) values ($1, $2)
     on conflict (hash) do update set expires_at = excluded.expires_at`,
    [stepUpKey(orgId, credential), until],
  );
}

/** Whether this credential of the organisation holds a fresh proof now. */
export async function hasStepUp(sql: Sql, orgId: string, credential: string, now: number): Promise<boolean> {
  return (await sql.query("select 1 from used_tokens where hash = $1 and expires_at > $2", [stepUpKey(orgId, credential), now])).rows.length > 0;
}
