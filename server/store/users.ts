import type { Sql } from "../db/sql";

export interface UserRow {
  orgId: string;
  userId: string;
  email: string | null;
  phone: string | null;
  address: string;
  solanaAddress: string;
}

export interface NewUser extends UserRow {
  sealedMnemonic: Uint8Array;
}

const SELECT = `select u.org_id as "orgId", u.user_id as "userId", u.email, u.phone,
  w.address, w.solana_address as "solanaAddress"
  from users u join wallets w on w.org_id = u.org_id`;

export async function findUserByContact(sql: Sql, contact: { email?: string; phone?: string }): Promise<UserRow | undefined> {
  if (contact.email !== undefined) return (await sql.query<UserRow>(`${SELECT} where u.email = $1`, [contact.email])).rows[0];
  if (contact.phone !== undefined) return (await sql.query<UserRow>(`${SELECT} where u.phone = $1`, [contact.phone])).rows[0];
  return undefined;
}

export async function findUserByOrg(sql: Sql, orgId: string): Promise<UserRow | undefined> {
  return (await sql.query<UserRow>(`${SELECT} where u.org_id = $1`, [orgId])).rows[0];
}

export async function sealedMnemonicOf(sql: Sql, orgId: string): Promise<Uint8Array | undefined> {
  return (await sql.query<{ m: Uint8Array }>("select sealed_mnemonic as m from wallets where org_id = $1", [orgId])).rows[0]?.m;
}

/** Inserts the user and their wallet; false when the email or phone is taken (checked by unique constraints). */
export async function insertUser(sql: Sql, user: NewUser, now: number): Promise<boolean> {
  const inserted = await sql.query(
    `insert into users (org_id, user_id, email, phone, created_at) values ($1, $2, $3, $4, $5)
     on conflict do nothing returning org_id`,
    [user.orgId, user.userId, user.email, user.phone, now],
  );
  if (inserted.rows.length === 0) return false;
  await sql.query(
    `insert into wallets (org_id, address, solana_address, sealed_mnemonic, created_at) values ($1, $2, $3, $4, $5)`,
    [user.orgId, user.address, user.solanaAddress, user.sealedMnemonic, now],
  );
  return true;
}
