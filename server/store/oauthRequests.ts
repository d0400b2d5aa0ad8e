import type { Sql } from "../db/sql";

/** A social sign-in prepared by `prepare-oauth`: the PKCE verifier kept server side, bound to the frame key's nonce. */
export interface OauthRequestRow {
  requestKey: string;
  codeVerifier: string;
  nonce: string;
  expiresAt: number;
}

export async function insertOauthRequest(sql: Sql, row: OauthRequestRow, now: number): Promise<void> {
  await sql.query(
    "insert into oauth_requests (request_key, code_verifier, nonce, expires_at, created_at) values ($1, $2, $3, $4, $5)",
    [row.requestKey, row.codeVerifier, row.nonce, row.expiresAt, now],
  );
}

/**
 * Uses a prepared request up: answers it once, while unexpired; later calls (a replayed callback)
 * answer undefined. The update is the check, so two concurrent callbacks cannot both pass.
 */
export async function claimOauthRequest(sql: Sql, requestKey: string, now: number): Promise<OauthRequestRow | undefined> {
  const { rows } = await sql.query<OauthRequestRow>(
    `update oauth_requests set used_at = $2 where request_key = $1 and used_at is null and expires_at > $2
     returning request_key as "requestKey", code_verifier as "codeVerifier", nonce, expires_at as "expiresAt"`,
    [requestKey, now],
  );
  return rows[0];
}
