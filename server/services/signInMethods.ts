import { badRequest } from "../errors";
import type { Sql } from "../db/sql";
import type { ServerContext } from "../context";
import type { LinkedProvider } from "../method";

export type { LinkedProvider, LinkedProviderSource } from "../method";

/** Identities the instance's methods link to the user (social sign-in's providers), for list-auth-methods and the rule below. */
export async function linkedProviders(ctx: ServerContext, sql: Sql, orgId: string): Promise<LinkedProvider[]> {
  const sources = ctx.methods.flatMap((method) => (method.linkedProviders ? [method.linkedProviders] : []));
  return (await Promise.all(sources.map((source) => source(sql, orgId)))).flat();
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
export async function requireSignInMethodLeft(ctx: ServerContext, sql: Sql, orgId: string): Promise<void> {
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
  if ((await linkedProviders(ctx, sql, orgId)).length > 0) return;
  throw badRequest("LAST_SIGN_IN_METHOD", LAST_SIGN_IN_METHOD_MESSAGE);
}
