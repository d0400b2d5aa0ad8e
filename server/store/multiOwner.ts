import type { Sql } from "../db/sql";
import type { SealedWallet } from "../custody/walletCustody";
import type { WalletCustodyRow } from "./users";

export interface MultiOwnerOrg {
  orgId: string;
  address: string;
  threshold: number;
}

export interface MultiOwnerMember {
  userId: string;
  evmSignerAddress: string;
  inRootQuorum: boolean;
}

export async function insertMultiOwnerOrg(sql: Sql, org: MultiOwnerOrg & { wallet: SealedWallet }, now: number): Promise<void> {
  await sql.query(
    `insert into multi_owner_orgs (org_id, address, sealed_mnemonic, kek_id, wrapped_key, sealed_keys, threshold, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [org.orgId, org.address, org.wallet.sealedMnemonic, org.wallet.kekId, org.wallet.wrappedKey, org.wallet.sealedKeys, org.threshold, now],
  );
}

export async function findMultiOwnerOrg(sql: Sql, orgId: string): Promise<(MultiOwnerOrg & WalletCustodyRow) | undefined> {
  return (
    await sql.query<MultiOwnerOrg & WalletCustodyRow>(
      `select org_id as "orgId", address, threshold, sealed_mnemonic as "sealedMnemonic", kek_id as "kekId", wrapped_key as "wrappedKey",
       sealed_keys as "sealedKeys" from multi_owner_orgs where org_id = $1`,
      [orgId],
    )
  ).rows[0];
}

/** Replaces a pre-envelope organisation wallet's sealing; false when another instance did it first. */
export async function upgradeLegacyMultiOwnerWallet(sql: Sql, orgId: string, wallet: SealedWallet): Promise<boolean> {
  const updated = await sql.query(
    `update multi_owner_orgs set sealed_mnemonic = $2, kek_id = $3, wrapped_key = $4, sealed_keys = $5
     where org_id = $1 and kek_id is null returning org_id`,
    [orgId, wallet.sealedMnemonic, wallet.kekId, wallet.wrappedKey, wallet.sealedKeys],
  );
  return updated.rows.length === 1;
}

export async function membersOf(sql: Sql, orgId: string): Promise<MultiOwnerMember[]> {
  return (
    await sql.query<MultiOwnerMember>(
      `select user_id as "userId", evm_signer_address as "evmSignerAddress", in_root_quorum as "inRootQuorum"
       from multi_owner_members where org_id = $1 order by created_at, evm_signer_address`,
      [orgId],
    )
  ).rows;
}

export async function insertMember(sql: Sql, orgId: string, member: { userId: string; evmSignerAddress: string }, now: number): Promise<boolean> {
  const result = await sql.query(
    `insert into multi_owner_members (org_id, user_id, evm_signer_address, created_at) values ($1, $2, $3, $4)
     on conflict (org_id, evm_signer_address) do nothing`,
    [orgId, member.userId, member.evmSignerAddress, now],
  );
  return (result.affectedRows ?? 0) > 0;
}

export async function deleteMembers(sql: Sql, orgId: string, userIds: string[]): Promise<void> {
  await sql.query("delete from multi_owner_members where org_id = $1 and user_id = any($2::uuid[])", [orgId, userIds]);
}

export async function setRootQuorum(sql: Sql, orgId: string, threshold: number, userIds: string[]): Promise<void> {
  await sql.query("update multi_owner_orgs set threshold = $2 where org_id = $1", [orgId, threshold]);
  await sql.query("update multi_owner_members set in_root_quorum = (user_id = any($2::uuid[])) where org_id = $1", [orgId, userIds]);
}
