// Wallet import: init_import_wallet hands out a signed import bundle naming a fresh target key
// (its private half sealed in the database, usable once before it expires, so any instance can
// finish the import); the import frame seals the phrase the user typed to that key; import_wallet
// opens it, checks it, stores it sealed and derives the accounts asked for.
import { randomUUID } from "node:crypto";
import type { ServerContext } from "../context";
import { badRequest, conflict, forbidden } from "../errors";
import { isValidMnemonic } from "../crypto/wallet";
import { newImportTarget, openImportBundle, parseEncryptedBundle, signImportBundle } from "../crypto/importBundle";
import { sealNewWallet } from "../custody/walletCustody";
import type { Sql } from "../db/sql";
import { claimImportBundle, countLiveImportBundles, findImportBundle, insertImportBundle } from "../store/importBundles";
import type { SignerRow } from "../store/users";
import { insertImportedWallet, insertWalletAccounts } from "../store/wallets";
import { lockUser } from "./signInMethods";
import { accountKeysOf, accountRows, deriveAccounts, refuseOwnedAddresses, resolveAccountSpecs, type NewAccountSpec } from "./walletAccounts";

/** How long an import bundle can be used. */
export const IMPORT_BUNDLE_TTL_MS = 15 * 60 * 1000;
/** Unused, unexpired import bundles a user may hold at once. */
export const MAX_LIVE_IMPORT_BUNDLES = 10;

const sealingContext = (orgId: string, targetPublic: string) => `import-target\n${orgId}\n${targetPublic}`;

/** A new import bundle for the user: its target key's private half stored sealed. */
export async function initImport(ctx: ServerContext, user: SignerRow, sql: Sql): Promise<string> {
  const now = ctx.now();
  await lockUser(sql, user.orgId);
  const live = await countLiveImportBundles(sql, user.orgId, now);
  if (live >= MAX_LIVE_IMPORT_BUNDLES) {
    throw badRequest("TOO_MANY_IMPORT_BUNDLES", `At most ${MAX_LIVE_IMPORT_BUNDLES} imports may be open at once; finish one or wait ${IMPORT_BUNDLE_TTL_MS / 60000} minutes`);
  }
  const target = newImportTarget();
  try {
    const sealedPrivateKey = ctx.secrets.seal("import-target", target.privateKey, sealingContext(user.orgId, target.publicKeyHex));
    await insertImportBundle(sql, { targetPublicKey: target.publicKeyHex, orgId: user.orgId, userId: user.userId, sealedPrivateKey, expiresAt: now + IMPORT_BUNDLE_TTL_MS }, now);
  } finally {
    target.privateKey.fill(0);
  }
  return signImportBundle(ctx.secrets, target.publicKeyHex, user.orgId, user.userId);
}

export interface ImportParameters {
  userId: string;
  walletName: string;
  encryptedBundle: string;
  accounts: NewAccountSpec[];
}

/**
 * Opens the encrypted bundle with its import bundle's key, checks the phrase, and stores the wallet
 * with its accounts; `record` writes the activity in the same transaction. Every refusal is a 4xx
 * with the reason: a bundle that is not one, another user's, used, expired, or a phrase that is
 * not a BIP-39 mnemonic.
 */
export async function importWallet<T>(
  ctx: ServerContext,
  user: SignerRow,
  params: ImportParameters,
  record: (tx: Sql, result: { walletId: string; addresses: string[] }) => Promise<T>,
): Promise<T> {
  let bundle;
  try {
    bundle = parseEncryptedBundle(params.encryptedBundle);
  } catch (error) {
    throw badRequest("INVALID_ENCRYPTED_BUNDLE", (error as Error).message);
  }
  const now = ctx.now();
  const stored = await findImportBundle(ctx.db, bundle.targetPublic);
  if (!stored) throw badRequest("UNKNOWN_IMPORT_BUNDLE", "The encrypted bundle is not sealed to an import bundle of this server; start the import again (init_import_wallet)");
  if (stored.orgId !== user.orgId || stored.userId !== user.userId) throw forbidden("IMPORT_BUNDLE_NOT_YOURS", "The encrypted bundle is sealed to another user's import bundle");
  if (stored.usedAt !== null) throw conflict("IMPORT_BUNDLE_USED", "This import bundle was used already; start the import again (init_import_wallet)");
  if (stored.expiresAt <= now) throw badRequest("IMPORT_BUNDLE_EXPIRED", "This import bundle has expired; start the import again (init_import_wallet)");

  const privateKey = ctx.secrets.open("import-target", stored.sealedPrivateKey, sealingContext(stored.orgId, stored.targetPublicKey));
  let secret: Uint8Array;
  try {
    secret = await openImportBundle(bundle, privateKey);
  } catch {
    throw badRequest("INVALID_ENCRYPTED_BUNDLE", "The encrypted bundle does not open with its import bundle's key (altered, or sealed to another key)");
  } finally {
    privateKey.fill(0);
  }
  const mnemonic = normalizeMnemonic(new TextDecoder("utf-8", { fatal: false }).decode(secret));
  secret.fill(0);
  if (!isValidMnemonic(mnemonic)) {
    throw badRequest("INVALID_MNEMONIC", "The recovery phrase is not valid: it must be 12, 15, 18, 21 or 24 words of the English BIP-39 list, with a correct checksum");
  }
  const specs = resolveAccountSpecs(params.accounts, []);
  const accounts = await deriveAccounts(new TextEncoder().encode(mnemonic), specs);
  try {
    // The default wallet's two addresses here; the stored accounts' by the insert's unique address per organisation.
    refuseOwnedAddresses(user, accounts, new Set());
    const walletId = randomUUID();
    const sealed = await sealNewWallet(ctx.keys, walletId, mnemonic, accountKeysOf(accounts));
    return await ctx.db.transaction(async (tx) => {
      await lockUser(tx, user.orgId);
      if (!(await claimImportBundle(tx, stored.targetPublicKey, ctx.now()))) {
        throw conflict("IMPORT_BUNDLE_USED", "This import bundle was used already or has expired; start the import again (init_import_wallet)");
      }
      await insertImportedWallet(tx, { walletId, orgId: user.orgId, name: params.walletName, kekId: sealed.kekId, wrappedKey: sealed.wrappedKey, sealedMnemonic: sealed.sealedMnemonic, createdAt: now });
      if (!(await insertWalletAccounts(tx, accountRows(user.orgId, walletId, accounts, sealed.sealedKeys, now)))) {
        throw conflict("WALLET_ACCOUNT_EXISTS", "One of these addresses is already an account of one of your wallets");
      }
      return record(tx, { walletId, addresses: accounts.map((account) => account.address) });
    });
  } finally {
    for (const account of accounts) account.privateKey.fill(0);
  }
}

/** Words as typed: any spacing and case. */
export function normalizeMnemonic(text: string): string {
  return text.trim().toLowerCase().split(/\s+/).join(" ");
}
