import type { Sql } from "../db/sql";

// A fresh proof (TOTP, a code to the user's contact, a passkey beside the session) recorded for the one
// credential that stamped it (a session's API key): a row of step_ups (migration 15), swept by expiry
// (server/maintenance.ts) and read by every instance.
const API_KEY_CREDENTIAL = "api-key:";

/** Records that this credential of the organisation proved a second factor now, until `until`. */
export async function recordStepUp(sql: Sql, orgId: string, credential: string, until: number): Promise<void> {
  await sql.query(
    `insert into step_ups (org_id, credential, expires_at) values ($1, $2, $3)
     on conflict (org_id, credential) do update set expires_at = excluded.expires_at`,
    [orgId, credential, until],
  );
}

/** What the credential holds now: a recorded step-up, and for a session's key when its sign-in happened and passed a second factor. */
export interface Freshness {
  stepUp: boolean;
  signedInAt: number | null;
  secondFactorAt: number | null;
}

/** One read: the credential's step-up record and, for a session's API key, its sign-in times. */
export async function freshnessOf(sql: Sql, orgId: string, credential: string, now: number): Promise<Freshness> {
  const publicKey = credential.startsWith(API_KEY_CREDENTIAL) ? credential.slice(API_KEY_CREDENTIAL.length) : null;
  const row = (
    await sql.query<{ stepUp: boolean; signedInAt: number | null; secondFactorAt: number | null }>(
      `select exists (select 1 from step_ups where org_id = $1::uuid and credential = $2 and expires_at > $3) as "stepUp",
              k.signed_in_at as "signedInAt", k.second_factor_at as "secondFactorAt"
       from (select 1) one left join api_keys k on k.public_key = $4 and k.org_id = $1::uuid`,
      [orgId, credential, now, publicKey],
    )
  ).rows[0]!;
  return {
    stepUp: row.stepUp,
    signedInAt: row.signedInAt === null ? null : Number(row.signedInAt),
    secondFactorAt: row.secondFactorAt === null ? null : Number(row.secondFactorAt),
  };
}
