import { createHmac, randomUUID } from "node:crypto";
import { conflict, notFound } from "../errors";
import type { ServerContext } from "../context";
import type { SealedWallet, SigningKeys } from "../custody/walletCustody";
import { findUserByOrg, insertUser, upgradeLegacyWallet, type SignerRow, type UserRow } from "../store/users";
import type { Sql } from "../db/sql";
import { createSealedWallet, signingKeysOfRow } from "./custody";
import { newWalletCustody, type WalletCustody } from "../custody/custodyMode";

export interface Contact {
  email?: string;
  phone?: string;
}

export interface PreparedAccount {
  user: UserRow;
  /** Absent when the wallet is made in the user's signer frame (custody `none`): the server never holds it. */
  wallet?: SealedWallet;
  custody: WalletCustody;
}

/**
 * Creates ids and, in server custody, a wallet for a new user (the slow, crypto part, outside any
 * transaction). In split mode the account has no wallet yet (`none`, addresses empty): the user's
 * signer frame generates it after sign-in and uploads its shares (custody-split), so no mnemonic or
 * key of it is ever in this process, its database or its logs.
 */
export async function prepareAccount(ctx: ServerContext, contact: Contact): Promise<PreparedAccount> {
  const label = contact.email ?? contact.phone ?? randomUUID();
  const orgId = ctx.seeded ? seededUuid(ctx, `org:${label}`) : randomUUID();
  const userId = ctx.seeded ? seededUuid(ctx, `user:${label}`) : randomUUID();
  const ids = { orgId, userId, email: contact.email ?? null, phone: contact.phone ?? null };
  const custody = newWalletCustody(ctx.custody);
  if (custody === "none") return { user: { ...ids, address: "", solanaAddress: "" }, custody };
  const entropy = ctx.seeded ? createHmac("sha256", ctx.secrets.key("seeded-wallet")).update(label).digest() : undefined;
  const wallet = await createSealedWallet(ctx, orgId, entropy);
  return { user: { ...ids, address: wallet.address, solanaAddress: wallet.solanaAddress }, wallet: wallet.sealed, custody };
}

export async function saveAccount(sql: Sql, ctx: ServerContext, account: PreparedAccount): Promise<void> {
  const created = await insertUser(sql, { ...account.user, wallet: account.wallet, custody: account.custody }, ctx.now());
  if (!created) throw conflict("USER_EXISTS", "A user with this email or phone already exists; sign in instead");
}

/** The user's private keys for one signing call: opened from their sealed form, never cached. */
export function signingKeysOfSigner(ctx: ServerContext, signer: SignerRow): Promise<SigningKeys> {
  return signingKeysOfRow(ctx, signer.orgId, signer, (sealed) => upgradeLegacyWallet(ctx.db, signer.orgId, sealed));
}

function seededUuid(ctx: ServerContext, label: string): string {
  const bytes = createHmac("sha256", ctx.secrets.key("seeded-id")).update(label).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export async function requireUser(ctx: ServerContext, orgId: string): Promise<UserRow> {
  const user = await findUserByOrg(ctx.db, orgId);
  if (!user) throw notFound("USER_NOT_FOUND", `No user in organization ${orgId}`);
  return user;
}
