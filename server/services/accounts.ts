import { createHmac, randomUUID } from "node:crypto";
import { conflict, notFound } from "../errors";
import type { EmulatorContext } from "../context";
import { deriveWallet, newMnemonic, type WalletKeys } from "../crypto/wallet";
import { insertUser, sealedMnemonicOf, type UserRow } from "../store/users";
import type { Sql } from "../db/sql";

export interface Contact {
  email?: string;
  phone?: string;
}

export interface PreparedAccount {
  user: UserRow;
  sealedMnemonic: Uint8Array;
}

/** Creates ids and a wallet for a new user (the slow, crypto part, outside any transaction). */
export async function prepareAccount(ctx: EmulatorContext, contact: Contact): Promise<PreparedAccount> {
  const label = contact.email ?? contact.phone ?? randomUUID();
  const orgId = ctx.seeded ? seededUuid(ctx, `org:${label}`) : randomUUID();
  const userId = ctx.seeded ? seededUuid(ctx, `user:${label}`) : randomUUID();
  const entropy = ctx.seeded ? createHmac("sha256", ctx.secrets.key("seeded-wallet")).update(label).digest() : undefined;
  const mnemonic = newMnemonic(entropy);
  const keys = await deriveWallet(mnemonic);
  return {
    user: {
      orgId,
      userId,
      email: contact.email ?? null,
      phone: contact.phone ?? null,
      address: keys.address,
      solanaAddress: keys.solanaAddress,
    },
    sealedMnemonic: ctx.secrets.seal("wallet-at-rest", new TextEncoder().encode(mnemonic), orgId),
  };
}

export async function saveAccount(sql: Sql, ctx: EmulatorContext, account: PreparedAccount): Promise<void> {
  const created = await insertUser(sql, { ...account.user, sealedMnemonic: account.sealedMnemonic }, ctx.now());
  if (!created) throw conflict("USER_EXISTS", "A user with this email or phone already exists; sign in instead");
}

export function walletKeysOf(ctx: EmulatorContext, orgId: string): Promise<WalletKeys> {
  let keys = ctx.walletKeys.get(orgId);
  if (!keys) {
    keys = (async () => {
      const sealed = await sealedMnemonicOf(ctx.db, orgId);
      if (!sealed) throw notFound("USER_NOT_FOUND", `No wallet for organization ${orgId}`);
      return deriveWallet(new TextDecoder().decode(ctx.secrets.open("wallet-at-rest", sealed, orgId)));
    })();
    keys.catch(() => ctx.walletKeys.delete(orgId));
    if (ctx.walletKeys.size > 1000) ctx.walletKeys.clear();
    ctx.walletKeys.set(orgId, keys);
  }
  return keys;
}

function seededUuid(ctx: EmulatorContext, label: string): string {
  const bytes = createHmac("sha256", ctx.secrets.key("seeded-id")).update(label).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
