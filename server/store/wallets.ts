import type { Sql } from "../db/sql";

/** An imported wallet at rest: its data key (wrapped by the KEK) and the mnemonic sealed under it. */
export interface ImportedWalletRow {
  walletId: string;
  orgId: string;
  name: string;
  kekId: string;
  wrappedKey: Uint8Array;
  sealedMnemonic: Uint8Array;
  createdAt: number;
}

/** An account beyond the default wallet's first two: its key sealed under its wallet's data key. */
export interface WalletAccountRow {
  walletAccountId: string;
  orgId: string;
  walletId: string;
  address: string;
  /** The address as looked up: lower-case for EVM addresses, as is for Solana ones. */
  addressKey: string;
  curve: string;
  pathFormat: string;
  path: string;
  addressFormat: string;
  sealedKey: Uint8Array;
  createdAt: number;
}

const WALLET_COLUMNS = `wallet_id as "walletId", org_id as "orgId", name, kek_id as "kekId", wrapped_key as "wrappedKey", sealed_mnemonic as "sealedMnemonic", created_at as "createdAt"`;
const accountColumns = (t: string) => `${t}wallet_account_id as "walletAccountId", ${t}org_id as "orgId", ${t}wallet_id as "walletId", ${t}address,
  ${t}address_key as "addressKey", ${t}curve, ${t}path_format as "pathFormat", ${t}path, ${t}address_format as "addressFormat",
  ${t}sealed_key as "sealedKey", ${t}created_at as "createdAt"`;
const ACCOUNT_COLUMNS = accountColumns("");

export async function insertImportedWallet(sql: Sql, wallet: ImportedWalletRow): Promise<void> {
  await sql.query(
    `insert into imported_wallets (wallet_id, org_id, name, kek_id, wrapped_key, sealed_mnemonic, created_at) values ($1, $2, $3, $4, $5, $6, $7)`,
    [wallet.walletId, wallet.orgId, wallet.name, wallet.kekId, wallet.wrappedKey, wallet.sealedMnemonic, wallet.createdAt],
  );
}

/** The organisation's imported wallets, oldest first. */
export async function listImportedWallets(sql: Sql, orgId: string): Promise<ImportedWalletRow[]> {
  return (await sql.query<ImportedWalletRow>(`select ${WALLET_COLUMNS} from imported_wallets where org_id = $1 order by created_at, wallet_id`, [orgId])).rows;
}

export async function findImportedWallet(sql: Sql, orgId: string, walletId: string): Promise<ImportedWalletRow | undefined> {
  return (await sql.query<ImportedWalletRow>(`select ${WALLET_COLUMNS} from imported_wallets where org_id = $1 and wallet_id = $2`, [orgId, walletId])).rows[0];
}

/** Inserts accounts; false (and nothing inserted, the caller's transaction rolls back) when an address or path is taken. */
export async function insertWalletAccounts(sql: Sql, accounts: WalletAccountRow[]): Promise<boolean> {
  for (const a of accounts) {
    const inserted = await sql.query(
      `insert into wallet_accounts (wallet_account_id, org_id, wallet_id, address, address_key, curve, path_format, path, address_format, sealed_key, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) on conflict do nothing returning 1`,
      [a.walletAccountId, a.orgId, a.walletId, a.address, a.addressKey, a.curve, a.pathFormat, a.path, a.addressFormat, a.sealedKey, a.createdAt],
    );
    if (inserted.rows.length === 0) return false;
  }
  return true;
}

/** A wallet's stored accounts, in the order they were added. */
export async function listWalletAccountRows(sql: Sql, orgId: string, walletId: string): Promise<WalletAccountRow[]> {
  return (
    await sql.query<WalletAccountRow>(`select ${ACCOUNT_COLUMNS} from wallet_accounts where org_id = $1 and wallet_id = $2 order by seq`, [orgId, walletId])
  ).rows;
}

/**
 * The organisation's account at an address, with the envelope of the data key its key is sealed
 * under: the imported wallet's, or the default wallet's for accounts added to it. `owner` is the
 * envelope's sealing context (the wallet id, or the organisation for the default wallet).
 */
export async function findWalletAccountWithKey(
  sql: Sql,
  orgId: string,
  addressKey: string,
): Promise<(WalletAccountRow & { kekId: string | null; wrappedKey: Uint8Array | null; owner: string }) | undefined> {
  return (
    await sql.query<WalletAccountRow & { kekId: string | null; wrappedKey: Uint8Array | null; owner: string }>(
      `select ${accountColumns("a.")},
         coalesce(iw.kek_id, w.kek_id) as "kekId", coalesce(iw.wrapped_key, w.wrapped_key) as "wrappedKey",
         coalesce(iw.wallet_id::text, a.org_id::text) as owner
       from wallet_accounts a
       left join imported_wallets iw on iw.wallet_id = a.wallet_id
       left join wallets w on w.org_id = a.org_id and iw.wallet_id is null
       where a.org_id = $1 and a.address_key = $2`,
      [orgId, addressKey],
    )
  ).rows[0];
}
