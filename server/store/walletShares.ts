import type { Sql } from "../db/sql";
import type { SealedAuthShare } from "../custody/authShare";
import type { RecoveryKind } from "../frames/custody/recoveryLock";

/** What the server keeps of a wallet in split custody: the sealed auth share and the recovery box it cannot open. */
export interface WalletSharesRow extends SealedAuthShare {
  orgId: string;
  recoveryBox: string;
  recoveryKind: RecoveryKind;
  updatedAt: number;
}

const COLUMNS = `org_id as "orgId", kek_id as "kekId", wrapped_key as "wrappedKey", sealed_auth_share as "sealedAuthShare",
  recovery_box as "recoveryBox", recovery_kind as "recoveryKind", updated_at as "updatedAt"`;

export async function findWalletShares(sql: Sql, orgId: string): Promise<WalletSharesRow | undefined> {
  return (await sql.query<WalletSharesRow>(`select ${COLUMNS} from wallet_shares where org_id = $1`, [orgId])).rows[0];
}

/** Stores a split (a first one, or a re-split after a recovery that replaces the shares). */
export async function upsertWalletShares(sql: Sql, row: WalletSharesRow): Promise<void> {
  await sql.query(
    `insert into wallet_shares (org_id, kek_id, wrapped_key, sealed_auth_share, recovery_box, recovery_kind, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7)
     on conflict (org_id) do update set kek_id = excluded.kek_id, wrapped_key = excluded.wrapped_key,
       sealed_auth_share = excluded.sealed_auth_share, recovery_box = excluded.recovery_box,
       recovery_kind = excluded.recovery_kind, updated_at = excluded.updated_at`,
    [row.orgId, row.kekId, row.wrappedKey, row.sealedAuthShare, row.recoveryBox, row.recoveryKind, row.updatedAt],
  );
}

/**
 * The wallet becomes split: the server's sealed mnemonic, keys and data key are destroyed. Only a
 * wallet still in `from` custody changes (false otherwise: another request split it first).
 */
export async function destroyServerCopy(sql: Sql, orgId: string, from: "server" | "pending"): Promise<boolean> {
  const updated = await sql.query(
    `update wallets set custody = 'split', sealed_mnemonic = null, sealed_keys = null, kek_id = null, wrapped_key = null
     where org_id = $1 and custody = $2 returning 1`,
    [orgId, from],
  );
  return updated.rows.length === 1;
}

/**
 * An account's first wallet, created in its frame: the addresses are recorded and the custody
 * becomes split. False when the account has a wallet already (another device uploaded first), or
 * when another account holds those addresses.
 */
export async function recordCreatedWallet(sql: Sql, orgId: string, wallet: { address: string; solanaAddress: string }): Promise<boolean> {
  const updated = await sql.query(
    `update wallets set custody = 'split', address = $2, solana_address = $3
     where org_id = $1 and custody = 'none'
       and not exists (select 1 from wallets other where other.address = $2 or other.solana_address = $3) returning 1`,
    [orgId, wallet.address, wallet.solanaAddress],
  );
  return updated.rows.length === 1;
}

/** How many accounts were added to the user's default wallet (they are sealed under its data key). */
export async function countDefaultWalletAccounts(sql: Sql, orgId: string): Promise<number> {
  const row = (
    await sql.query<{ n: number }>(
      `select count(*)::int as n from wallet_accounts a where a.org_id = $1 and not exists (select 1 from imported_wallets iw where iw.wallet_id = a.wallet_id)`,
      [orgId],
    )
  ).rows[0];
  return row?.n ?? 0;
}
