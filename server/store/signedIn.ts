import type { Sql } from "../db/sql";

// A passkey sign-in leaves no session key behind (the passkey stamps every call), so the time it holds
// is recorded here, in the one-time-values table (swept by expiry like the rest of it).
const passkeySessionKey = (orgId: string) => `passkey-session:${orgId}`;

/** Records that the organisation signed in by passkey, for as long as a session lasts. */
export async function markPasskeySession(sql: Sql, orgId: string, until: number): Promise<void> {
  await sql.query(
    `insert into used_tokens (hash, expires_at) values ($1, $2)
     on conflict (hash) do update set expires_at = greatest(used_tokens.expires_at, excluded.expires_at)`,
    [passkeySessionKey(orgId), until],
  );
}

/** Whether a passkey sign-in of the organisation is still within its session's lifetime. */
export async function hasPasskeySession(sql: Sql, orgId: string, now: number): Promise<boolean> {
  return (await sql.query("select 1 from used_tokens where hash = $1 and expires_at > $2", [passkeySessionKey(orgId), now])).rows.length > 0;
}
