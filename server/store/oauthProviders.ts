import type { Sql } from "../db/sql";

/** A social or custom-JWT identity (issuer + subject) linked to a user's organisation. */
export interface OauthProviderRow {
  providerId: string;
  orgId: string;
  issuer: string;
  subject: string;
  providerName: string;
  userDisplayName: string | null;
}

const SELECT = `select provider_id as "providerId", org_id as "orgId", issuer, subject,
  provider_name as "providerName", user_display_name as "userDisplayName" from oauth_providers`;

export async function findOauthProvider(sql: Sql, issuer: string, subject: string): Promise<OauthProviderRow | undefined> {
  return (await sql.query<OauthProviderRow>(`${SELECT} where issuer = $1 and subject = $2`, [issuer, subject])).rows[0];
}

export async function listOauthProviders(sql: Sql, orgId: string): Promise<OauthProviderRow[]> {
  return (await sql.query<OauthProviderRow>(`${SELECT} where org_id = $1 order by created_at, provider_id`, [orgId])).rows;
}

/** Links an identity; false when that identity is already linked (to this or another organisation). */
export async function insertOauthProvider(sql: Sql, row: OauthProviderRow, now: number): Promise<boolean> {
  const inserted = await sql.query(
    `insert into oauth_providers (provider_id, org_id, issuer, subject, provider_name, user_display_name, created_at)
     values ($1, $2, $3, $4, $5, $6, $7) on conflict do nothing returning provider_id`,
    [row.providerId, row.orgId, row.issuer, row.subject, row.providerName, row.userDisplayName, now],
  );
  return inserted.rows.length === 1;
}

/** Deletes the given providers of one organisation; answers the ids actually deleted. */
export async function deleteOauthProviders(sql: Sql, orgId: string, providerIds: string[]): Promise<string[]> {
  const deleted = await sql.query<{ id: string }>(
    `delete from oauth_providers where org_id = $1 and provider_id = any($2::uuid[]) returning provider_id as id`,
    [orgId, providerIds],
  );
  return deleted.rows.map((r) => r.id);
}
