import type { Sql } from "../db/sql";

// A passkey sign-in leaves no session key behind (the passkey stamps every call), so the time it holds
// is recorded here: one row per organisation, swept by expiry (server/maintenance.ts).

/** Records that the organisation signed in by passkey, for as long as a session lasts. */
export async function markPasskeySession(sql: Sql, orgId: string, until: number): Promise<void> {
  await sql.query(
    `insert into passkey_sessions (org_id, expires_at) values ($1, $2)
     on conflict (org_id) do update set expires_at = greatest(passkey_sessions.expires_at, excluded.expires_at)`,
    [orgId, until],
  );
}

/** Whether a passkey sign-in of the organisation is still within its session's lifetime. */
export async function hasPasskeySession(sql: Sql, orgId: string, now: number): Promise<boolean> {
  return (await sql.query("select 1 from passkey_sessions where org_id = $1 and expires_at > $2", [orgId, now])).rows.length > 0;
}

/** Ends the organisation's passkey sign-in (logout): the unstamped reads it allowed answer no more. */
export async function clearPasskeySession(sql: Sql, orgId: string): Promise<void> {
  await sql.query("delete from passkey_sessions where org_id = $1", [orgId]);
}
