import type { Sql } from "../db/sql";

export interface AuthenticatorRow {
  authenticatorId: string;
  credentialId: string;
  orgId: string;
  name: string;
  /** COSE public key, as the attestation carried it. */
  publicKey: Uint8Array;
  signCount: number;
  transports: string[];
  rpId: string;
  createdAt: number;
}

const SELECT = `select authenticator_id as "authenticatorId", credential_id as "credentialId", org_id as "orgId", name,
  public_key as "publicKey", sign_count::float8 as "signCount", transports, rp_id as "rpId", created_at as "createdAt"
  from authenticators`;

/** Stores a passkey; false when the credential is already registered (to anyone). */
export async function insertAuthenticator(sql: Sql, row: Omit<AuthenticatorRow, "createdAt">, now: number): Promise<boolean> {
  const inserted = await sql.query(
    `insert into authenticators (authenticator_id, credential_id, org_id, name, public_key, sign_count, transports, rp_id, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) on conflict do nothing returning credential_id`,
    [row.authenticatorId, row.credentialId, row.orgId, row.name, row.publicKey, row.signCount, row.transports, row.rpId, now],
  );
  return inserted.rows.length === 1;
}

export async function findAuthenticator(sql: Sql, credentialId: string): Promise<AuthenticatorRow | undefined> {
  return (await sql.query<AuthenticatorRow>(`${SELECT} where credential_id = $1`, [credentialId])).rows[0];
}

export async function listAuthenticators(sql: Sql, orgId: string): Promise<AuthenticatorRow[]> {
  return (await sql.query<AuthenticatorRow>(`${SELECT} where org_id = $1 order by created_at, authenticator_id`, [orgId])).rows;
}

/** Renames one of the organisation's authenticators; false when it has none with that id. */
export async function renameAuthenticator(sql: Sql, orgId: string, authenticatorId: string, name: string): Promise<boolean> {
  const rows = await sql.query("update authenticators set name = $3 where org_id = $1 and authenticator_id = $2::uuid returning authenticator_id", [orgId, authenticatorId, name]);
  return rows.rows.length === 1;
}

/** Deletes the organisation's authenticators among `ids`; returns the ids actually deleted. */
export async function deleteAuthenticators(sql: Sql, orgId: string, ids: string[]): Promise<string[]> {
  const rows = await sql.query<{ id: string }>(
    "delete from authenticators where org_id = $1 and authenticator_id = any($2::uuid[]) returning authenticator_id as id",
    [orgId, ids],
  );
  return rows.rows.map((r) => r.id);
}

/**
 * Moves a credential's signature counter forward. A counter that does not advance (a cloned
 * authenticator, or a replayed assertion) changes nothing and returns false; authenticators that
 * keep no counter (0 before and after) pass.
 */
export async function advanceSignCount(sql: Sql, credentialId: string, newCount: number): Promise<boolean> {
  const rows = await sql.query(
    `update authenticators set sign_count = $2
     where credential_id = $1 and (sign_count < $2 or (sign_count = 0 and $2 = 0)) returning credential_id`,
    [credentialId, newCount],
  );
  return rows.rows.length === 1;
}
