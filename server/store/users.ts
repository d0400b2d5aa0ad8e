import type { Sql } from "../db/sql";
import type { SessionScope } from "./apiKeys";
import type { SealedWallet } from "../custody/walletCustody";
import type { WalletCustody } from "../custody/custodyMode";

export interface UserRow {
  orgId: string;
  userId: string;
  email: string | null;
  phone: string | null;
  /** Empty while the account has no wallet yet (custody `none`: the user's frame creates it). */
  address: string;
  solanaAddress: string;
}

export interface NewUser extends UserRow {
  /** Absent for custody `none`: the account is stored without key material or addresses. */
  wallet?: SealedWallet;
  /** Default `server`; `none` when the server's mode makes new wallets in the user's frame. */
  custody?: WalletCustody;
}

/** A wallet at rest as stored: `kekId` null marks a wallet sealed before envelope custody (mnemonic only). */
export interface WalletCustodyRow {
  kekId: string | null;
  wrappedKey: Uint8Array | null;
  sealedKeys: Uint8Array | null;
  /** Null for a wallet in split custody (the server keeps no mnemonic). */
  sealedMnemonic: Uint8Array | null;
  /** A user's wallet has one; an organisation's wallet (multi-owner) is always in server custody. */
  custody?: WalletCustody;
}

/** A user with their wallet's sealed keys: what signing needs, in one row. */
export type SignerRow = UserRow & WalletCustodyRow;

// An account whose wallet its frame has not created yet (custody `none`) has no addresses: empty strings, not null.
const USER_COLUMNS = `u.org_id as "orgId", u.user_id as "userId", u.email, u.phone, coalesce(w.address, '') as address, coalesce(w.solana_address, '') as "solanaAddress"`;
export const CUSTODY_COLUMNS = `w.kek_id as "kekId", w.wrapped_key as "wrappedKey", w.sealed_keys as "sealedKeys", w.sealed_mnemonic as "sealedMnemonic", w.custody`;
const SELECT = `select ${USER_COLUMNS} from users u join wallets w on w.org_id = u.org_id`;

export async function findUserByContact(sql: Sql, contact: { email?: string; phone?: string }): Promise<UserRow | undefined> {
  if (contact.email !== undefined) return (await sql.query<UserRow>(`${SELECT} where u.email = $1`, [contact.email])).rows[0];
  if (contact.phone !== undefined) return (await sql.query<UserRow>(`${SELECT} where u.phone = $1`, [contact.phone])).rows[0];
  return undefined;
}

export async function findUserByOrg(sql: Sql, orgId: string): Promise<UserRow | undefined> {
  return (await sql.query<UserRow>(`${SELECT} where u.org_id = $1`, [orgId])).rows[0];
}

export async function findSigner(sql: Sql, orgId: string): Promise<SignerRow | undefined> {
  return (
    await sql.query<SignerRow>(`select ${USER_COLUMNS}, ${CUSTODY_COLUMNS} from users u join wallets w on w.org_id = u.org_id where u.org_id = $1`, [
      orgId,
    ])
  ).rows[0];
}

/**
 * Records a one-time value and loads the organisation's signer in the same statement (one round
 * trip on the signing path). `claimed` is false when the value was recorded before (a replay).
 */
export async function claimOnceLoadingSigner(
  sql: Sql,
  hash: string,
  keepUntil: number,
  orgId: string,
): Promise<{ claimed: boolean; signer: SignerRow | undefined }> {
  const row = (
    await sql.query<Partial<SignerRow> & { claimed: boolean }>(
      `with claim as (insert into used_tokens (hash, expires_at) values ($1, $2) on conflict do nothing returning 1)
       select exists (select 1 from claim) as claimed, ${USER_COLUMNS}, ${CUSTODY_COLUMNS}
       from (select 1) one left join users u on u.org_id = $3::uuid left join wallets w on w.org_id = u.org_id`,
      [hash, keepUntil, orgId],
    )
  ).rows[0]!;
  const { claimed, ...signer } = row;
  return { claimed, signer: signer.orgId ? (signer as SignerRow) : undefined };
}

/**
 * The signing path in one round trip: looks the stamp's API key up, records the replay marker only
 * when that key is registered to the organisation and unexpired (`keepUntil` null: until the key
 * expires), and loads the organisation's signer.
 */
/** The registration of the API key that stamped, read in the statement that claims the stamp. */
export interface ClaimedApiKey {
  orgId: string;
  expiresAt: number;
  scope: SessionScope | null;
  /** The auth frame key the session was sealed to (a session key's), or null. */
  frameKey: string | null;
  /** When the session's sign-in passed the second factor (epoch ms), or null. */
  secondFactorAt: number | null;
}

export async function claimWithApiKeyLoadingSigner(
  sql: Sql,
  claim: { hash: string; keepUntil: number | null; orgId: string; apiKey: string; now: number },
): Promise<{ claimed: boolean; apiKey: ClaimedApiKey | undefined; signer: SignerRow | undefined }> {
  const row = (
    await sql.query<
      Partial<SignerRow> & { claimed: boolean; keyOrgId: string | null; keyExpiresAt: number | null; keyScope: SessionScope | null; keyFrame: string | null; keySecondFactorAt: number | null }
    >(
      `with api_key as (select org_id, expires_at, scope, target_public_key, second_factor_at from api_keys where public_key = $4),
       claim as (
         insert into used_tokens (hash, expires_at)
         select $1, coalesce($2::float8, api_key.expires_at) from api_key where api_key.org_id = $3::uuid and api_key.expires_at > $5
         on conflict do nothing returning 1)
       select exists (select 1 from claim) as claimed, (select org_id from api_key) as "keyOrgId", (select expires_at from api_key) as "keyExpiresAt",
         (select scope from api_key) as "keyScope", (select target_public_key from api_key) as "keyFrame", (select second_factor_at from api_key) as "keySecondFactorAt",
         ${USER_COLUMNS}, ${CUSTODY_COLUMNS}
       from (select 1) one left join users u on u.org_id = $3::uuid left join wallets w on w.org_id = u.org_id`,
      [claim.hash, claim.keepUntil, claim.orgId, claim.apiKey, claim.now],
    )
  ).rows[0]!;
  const { claimed, keyOrgId, keyExpiresAt, keyScope, keyFrame, keySecondFactorAt, ...signer } = row;
  return {
    claimed,
    apiKey: keyOrgId
      ? {
          orgId: keyOrgId,
          expiresAt: Number(keyExpiresAt),
          scope: keyScope ?? null,
          frameKey: keyFrame ?? null,
          secondFactorAt: keySecondFactorAt === null || keySecondFactorAt === undefined ? null : Number(keySecondFactorAt),
        }
      : undefined,
    signer: signer.orgId ? (signer as SignerRow) : undefined,
  };
}

/** Inserts the user and their wallet; false when the email or phone is taken (checked by unique constraints). */
export async function insertUser(sql: Sql, user: NewUser, now: number): Promise<boolean> {
  const inserted = await sql.query(
    `insert into users (org_id, user_id, email, phone, created_at) values ($1, $2, $3, $4, $5)
     on conflict do nothing returning org_id`,
    [user.orgId, user.userId, user.email, user.phone, now],
  );
  if (inserted.rows.length === 0) return false;
  const { wallet } = user;
  await sql.query(
    `insert into wallets (org_id, address, solana_address, sealed_mnemonic, kek_id, wrapped_key, sealed_keys, custody, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      user.orgId,
      wallet ? user.address : null,
      wallet ? user.solanaAddress : null,
      wallet?.sealedMnemonic ?? null,
      wallet?.kekId ?? null,
      wallet?.wrappedKey ?? null,
      wallet?.sealedKeys ?? null,
      user.custody ?? "server",
      now,
    ],
  );
  return true;
}

/** Replaces a pre-envelope wallet's sealing; false when another instance did it first. */
export async function upgradeLegacyWallet(sql: Sql, orgId: string, wallet: SealedWallet): Promise<boolean> {
  const updated = await sql.query(
    `update wallets set sealed_mnemonic = $2, kek_id = $3, wrapped_key = $4, sealed_keys = $5 where org_id = $1 and kek_id is null returning org_id`,
    [orgId, wallet.sealedMnemonic, wallet.kekId, wallet.wrappedKey, wallet.sealedKeys],
  );
  return updated.rows.length === 1;
}
