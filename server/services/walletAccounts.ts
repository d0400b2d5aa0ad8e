// A user's wallets: the default one (made at sign-up, stored with the user) and the ones they
// imported; accounts beyond the default wallet's first two live in wallet_accounts, each key
// sealed under its wallet's data key.
import { randomUUID } from "node:crypto";
import type { ServerContext } from "../context";
import type { Sql } from "../db/sql";
import { badRequest, conflict, notFound } from "../errors";
import { ACCOUNT_KINDS, accountSpecProblem, addressKeyOf, deriveAccount, type AccountSpec, type AddressFormat, type DerivedAccount } from "../crypto/accounts";
import { bytesToHex } from "../crypto/encoding";
import { mnemonicSeed } from "../crypto/wallet";
import type { Envelope } from "../custody/envelope";
import { openAccountKey, openMnemonic, sealAccountKeys, type AccountKey, type SigningKeys } from "../custody/walletCustody";
import { findSigner, type SignerRow } from "../store/users";
import {
  findImportedWallet,
  findWalletAccountWithKey,
  insertWalletAccounts,
  listImportedWallets,
  listWalletAccountRows,
  type ImportedWalletRow,
  type WalletAccountRow,
} from "../store/wallets";
import { signingKeysOfSigner } from "./accounts";
import { mnemonicOfRow } from "./custody";
import { WALLET_NAME, walletAccountsOf, walletIdOf } from "./wallets";

/** One of the user's wallets: the default one, or an imported one with its stored row. */
export type UserWallet = { walletId: string; imported: false } | { walletId: string; imported: true; row: ImportedWalletRow };

/** The user's wallets as `list_wallets` answers them: the default one first, then imported ones, oldest first. */
export async function listWallets(ctx: ServerContext, user: SignerRow) {
  const imported = await listImportedWallets(ctx.db, user.orgId);
  return [
    { walletId: walletIdOf(user.orgId), walletName: WALLET_NAME, exported: false, imported: false },
    ...imported.map((row) => ({ walletId: row.walletId, walletName: row.name, exported: false, imported: true })),
  ];
}

/** One of the user's wallets; 404 when the id names none of them. */
export async function requireWallet(ctx: ServerContext, user: SignerRow, walletId: string): Promise<UserWallet> {
  if (walletId === walletIdOf(user.orgId)) return { walletId, imported: false };
  const row = await findImportedWallet(ctx.db, user.orgId, walletId);
  if (!row) throw notFound("WALLET_NOT_FOUND", `No wallet ${walletId} in organization ${user.orgId}`);
  return { walletId, imported: true, row };
}

/** A wallet's accounts as `list_wallet_accounts` answers them. */
export async function listAccounts(ctx: ServerContext, user: SignerRow, wallet: UserWallet) {
  const stored = (await listWalletAccountRows(ctx.db, user.orgId, wallet.walletId)).map(accountJson);
  return wallet.imported ? stored : [...walletAccountsOf(user), ...stored];
}

export function accountJson(row: Omit<WalletAccountRow, "sealedKey" | "addressKey" | "createdAt">) {
  const { walletAccountId, orgId, walletId, curve, pathFormat, path, addressFormat, address } = row;
  return { walletAccountId, organizationId: orgId, walletId, curve, pathFormat, path, addressFormat, address };
}

/** The wallet's mnemonic (UTF-8 bytes), opened only to export it or derive accounts. */
export async function mnemonicOfWallet(ctx: ServerContext, user: SignerRow, wallet: UserWallet): Promise<Uint8Array> {
  return wallet.imported ? openMnemonic(ctx.keys, wallet.walletId, wallet.row) : mnemonicOfRow(ctx, user.orgId, user);
}

/** An account to add; without a path, the next account number of its kind in the wallet. */
export type NewAccountSpec = Omit<AccountSpec, "path"> & { path?: string };

/**
 * Fills in missing paths (the next account number per kind after those the wallet holds) and
 * refuses what cannot be derived or repeats a path, with the reason.
 */
export function resolveAccountSpecs(specs: NewAccountSpec[], existing: AccountSpec[]): AccountSpec[] {
  const taken = new Set(existing.map((account) => `${account.addressFormat} ${account.path}`));
  const resolved = specs.map((spec, index) => {
    let path = spec.path;
    if (path === undefined) {
      const kind = ACCOUNT_KINDS[spec.addressFormat as AddressFormat];
      if (!kind) throw badRequest("INVALID_WALLET_ACCOUNT", `accounts[${index}]: addressFormat ${spec.addressFormat} is not supported`);
      let i = 0;
      while (taken.has(`${spec.addressFormat} ${kind.pathOf(i)}`)) i += 1;
      path = kind.pathOf(i);
    }
    const full = { ...spec, path };
    const problem = accountSpecProblem(full);
    if (problem) throw badRequest("INVALID_WALLET_ACCOUNT", `accounts[${index}]: ${problem}`);
    const id = `${full.addressFormat} ${path}`;
    if (taken.has(id)) throw conflict("WALLET_ACCOUNT_EXISTS", `accounts[${index}]: the wallet already has the ${full.addressFormat} account at ${path}`);
    taken.add(id);
    return full;
  });
  return resolved;
}

/** Derives accounts from a mnemonic (UTF-8 bytes); the seed and keys stay in the answer only. */
export async function deriveAccounts(mnemonic: Uint8Array, specs: AccountSpec[]): Promise<DerivedAccount[]> {
  const seed = await mnemonicSeed(new TextDecoder().decode(mnemonic));
  try {
    return specs.map((spec) => deriveAccount(seed, spec));
  } finally {
    seed.fill(0);
  }
}

/** The rows of derived accounts of a wallet, their keys sealed (`sealedKeys[i]` for `accounts[i]`). */
export function accountRows(orgId: string, walletId: string, accounts: DerivedAccount[], sealedKeys: Uint8Array[], now: number): WalletAccountRow[] {
  return accounts.map((account, i) => ({
    walletAccountId: randomUUID(),
    orgId,
    walletId,
    address: account.address,
    addressKey: addressKeyOf(account.address),
    curve: account.curve,
    pathFormat: account.pathFormat,
    path: account.path,
    addressFormat: account.addressFormat,
    sealedKey: sealedKeys[i]!,
    createdAt: now,
  }));
}

export const accountKeysOf = (accounts: DerivedAccount[]): AccountKey[] =>
  accounts.map((account) => ({ addressKey: addressKeyOf(account.address), privateKey: account.privateKey }));

/** Refuses derived addresses the user holds already (in any wallet: the same phrase imported twice). */
export function refuseOwnedAddresses(user: SignerRow, accounts: DerivedAccount[], stored: Set<string>): void {
  const owned = new Set([addressKeyOf(user.address), user.solanaAddress, ...stored]);
  const clash = accounts.find((account) => owned.has(addressKeyOf(account.address)));
  if (clash) throw conflict("WALLET_ACCOUNT_EXISTS", `The address ${clash.address} is already an account of one of your wallets`);
}

/**
 * Adds accounts to one of the user's wallets: derived from its mnemonic, keys sealed under its data
 * key (all outside the transaction); `record` writes the activity in the transaction that inserts them.
 */
export async function createWalletAccounts<T>(
  ctx: ServerContext,
  user: SignerRow,
  walletId: string,
  specs: NewAccountSpec[],
  record: (tx: Sql, addresses: string[]) => Promise<T>,
): Promise<T> {
  const wallet = await requireWallet(ctx, user, walletId);
  const existing = await listAccounts(ctx, user, wallet);
  const resolved = resolveAccountSpecs(specs, existing);
  const accounts = await deriveAccounts(await mnemonicOfWallet(ctx, user, wallet), resolved);
  try {
    refuseOwnedAddresses(user, accounts, new Set());
    const owner = wallet.imported ? wallet.walletId : user.orgId;
    const envelope = wallet.imported ? wallet.row : await defaultWalletEnvelope(ctx, user);
    const rows = accountRows(user.orgId, walletId, accounts, await sealAccountKeys(ctx.keys, owner, envelope, accountKeysOf(accounts)), ctx.now());
    return await ctx.db.transaction(async (tx) => {
      if (!(await insertWalletAccounts(tx, rows))) throw conflict("WALLET_ACCOUNT_EXISTS", "One of these addresses or paths is already an account of this wallet");
      return record(tx, rows.map((row) => row.address));
    });
  } finally {
    for (const account of accounts) account.privateKey.fill(0);
  }
}

/** The default wallet's envelope; a wallet sealed before envelope custody is re-sealed first. */
async function defaultWalletEnvelope(ctx: ServerContext, user: SignerRow): Promise<Envelope> {
  if (user.kekId !== null && user.wrappedKey) return { kekId: user.kekId, wrappedKey: user.wrappedKey };
  await signingKeysOfSigner(ctx, user);
  const upgraded = await findSigner(ctx.db, user.orgId);
  if (!upgraded?.kekId || !upgraded.wrappedKey) throw new Error(`the wallet of ${user.orgId} has no envelope after its upgrade`);
  return { kekId: upgraded.kekId, wrappedKey: upgraded.wrappedKey };
}

/**
 * The private key signing as `signWith`, an address of one of the user's wallets in the given
 * format; undefined when the user holds no such account. The default wallet's two addresses take
 * the signing path as it was (its sealed keys, loaded with the stamp); only other addresses read
 * wallet_accounts.
 */
export async function signingKeyOf(ctx: ServerContext, signer: SignerRow, signWith: string, format: "evm"): Promise<Pick<SigningKeys, "evmPrivateKey"> | undefined>;
export async function signingKeyOf(ctx: ServerContext, signer: SignerRow, signWith: string, format: "solana"): Promise<Pick<SigningKeys, "solanaPrivateKey"> | undefined>;
export async function signingKeyOf(ctx: ServerContext, signer: SignerRow, signWith: string, format: "evm" | "solana"): Promise<Partial<SigningKeys> | undefined> {
  if (format === "evm" ? signWith.toLowerCase() === signer.address.toLowerCase() : signWith === signer.solanaAddress) {
    const keys = await signingKeysOfSigner(ctx, signer);
    return format === "evm" ? { evmPrivateKey: keys.evmPrivateKey } : { solanaPrivateKey: keys.solanaPrivateKey };
  }
  const key = await accountKeyOf(ctx, signer.orgId, signWith, format === "evm" ? "ADDRESS_FORMAT_ETHEREUM" : "ADDRESS_FORMAT_SOLANA");
  if (!key) return undefined;
  return format === "evm" ? { evmPrivateKey: `0x${bytesToHex(key)}` } : { solanaPrivateKey: key };
}

/** The key of a stored account (not the default wallet's first two), opened for one use. */
export async function accountKeyOf(ctx: ServerContext, orgId: string, address: string, addressFormat?: string): Promise<Uint8Array | undefined> {
  const row = await findWalletAccountWithKey(ctx.db, orgId, addressKeyOf(address));
  if (!row || (addressFormat && row.addressFormat !== addressFormat) || row.kekId === null || !row.wrappedKey) return undefined;
  return openAccountKey(ctx.keys, row.owner, { kekId: row.kekId, wrappedKey: row.wrappedKey }, row.sealedKey, row.addressKey);
}
