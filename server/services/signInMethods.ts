import { badRequest } from "../errors";
import type { Sql } from "../db/sql";

/** A provider linked to a user (social sign-in), as list-auth-methods shows it. */
export interface LinkedProvider {
  providerId: string;
  issuer?: string;
  providerName?: string;
  userDisplayName?: string;
}

/**
 * Where linked providers come from. Social sign-in registers its store here, so list-auth-methods
 * shows them and the "keep one way to sign in" rule counts them.
 */
export type LinkedProviderSource = (sql: Sql, orgId: string) => Promise<LinkedProvider[]>;

const providerSources: LinkedProviderSource[] = [];

export function registerLinkedProviderSource(source: LinkedProviderSource): void {
  if (!providerSources.includes(source)) providerSources.push(source);
}

export async function linkedProviders(sql: Sql, orgId: string): Promise<LinkedProvider[]> {
  return (await Promise.all(providerSources.map((source) => source(sql, orgId)))).flat();
}

export const LAST_SIGN_IN_METHOD_MESSAGE =
  "This is the account's last way to sign in (email, phone, passkey or linked provider): add another one before removing it";

/** Locks the user's row for the rest of the transaction, so concurrent removals are counted one after the other. */
export async function lockUser(sql: Sql, orgId: string): Promise<void> {
  await sql.query("select org_id from users where org_id = $1 for update", [orgId]);
}

/**
 * Call inside the transaction that removed something, after `lockUser`: refuses (and so rolls back)
 * when the user has no email, phone, passkey or linked provider left.
 */
export async function requireSignInMethodLeft(sql: Sql, orgId: string): Promise<void> {
  const row = (
    await sql.query<{ contacts: number; passkeys: number }>(
      `select (case when u.email is null then 0 else 1 end + case when u.phone is null then 0 else 1 end)::int as contacts,
        (select count(*)::int from authenticators a where a.org_id = u.org_id) as passkeys
       from users u where u.org_id = $1`,
      [orgId],
    )
  ).rows[0];
  if (!row) return;
  if (row.contacts + row.passkeys > 0) return;
  if ((await linkedProviders(sql, orgId)).length > 0) return;
  throw badRequest("LAST_SIGN_IN_METHOD", LAST_SIGN_IN_METHOD_MESSAGE);
}
