import type { ServerContext } from "../context";
import { newMnemonic } from "../crypto/wallet";
import { openMnemonic, openSigningKeys, sealWallet, signingKeysOf, type SealedWallet, type SigningKeys } from "../custody/walletCustody";
import type { WalletCustodyRow } from "../store/users";
import { conflict } from "../errors";

/** A new wallet: its mnemonic (from entropy when seeded), public addresses and sealed form. */
export async function createSealedWallet(
  ctx: ServerContext,
  owner: string,
  entropy?: Uint8Array,
): Promise<{ address: `0x${string}`; solanaAddress: string; sealed: SealedWallet }> {
  const mnemonic = newMnemonic(entropy);
  const keys = await ctx.deriver.derive(mnemonic);
  return { address: keys.address, solanaAddress: keys.solanaAddress, sealed: await sealWallet(ctx.keys, owner, mnemonic, keys) };
}

/**
 * The private keys of a stored wallet for one signing call. A wallet stored before envelope custody
 * (mnemonic only) is derived once and re-sealed by `upgrade` (which loses nothing if another
 * instance upgraded it first).
 */
export async function signingKeysOfRow(
  ctx: ServerContext,
  owner: string,
  row: WalletCustodyRow,
  upgrade: (sealed: SealedWallet) => Promise<unknown>,
): Promise<SigningKeys> {
  refuseServerSigning(ctx, row);
  if (row.kekId !== null && row.wrappedKey && row.sealedKeys) {
    return openSigningKeys(ctx.keys, owner, { kekId: row.kekId, wrappedKey: row.wrappedKey, sealedKeys: row.sealedKeys });
  }
  const mnemonic = legacyMnemonic(ctx, owner, row);
  const keys = await ctx.deriver.derive(mnemonic);
  await upgrade(await sealWallet(ctx.keys, owner, mnemonic, keys));
  return signingKeysOf(keys);
}

/** The mnemonic of a stored wallet, opened only to export it. */
export async function mnemonicOfRow(ctx: ServerContext, owner: string, row: WalletCustodyRow): Promise<Uint8Array> {
  const sealedMnemonic = heldMnemonic(row);
  if (row.kekId !== null && row.wrappedKey) return openMnemonic(ctx.keys, owner, { kekId: row.kekId, wrappedKey: row.wrappedKey, sealedMnemonic });
  return new TextEncoder().encode(legacyMnemonic(ctx, owner, { sealedMnemonic }));
}

/** Before envelope custody the mnemonic was sealed under a key derived from the server secret. */
export function legacyMnemonic(ctx: ServerContext, owner: string, row: Pick<WalletCustodyRow, "sealedMnemonic">): string {
  return new TextDecoder().decode(ctx.secrets.open("wallet-at-rest", heldMnemonic(row), owner));
}

/** The sealed mnemonic of a wallet the server holds; a split wallet has none (409, saying where it signs). */
function heldMnemonic(row: Pick<WalletCustodyRow, "sealedMnemonic" | "custody">): Uint8Array {
  if (row.custody === "none") {
    throw conflict(
      "WALLET_NOT_CREATED",
      "This account has no wallet yet: the user's signer frame creates it right after sign-in (split custody), and the server never holds its key",
    );
  }
  if (row.custody === "split" || !row.sealedMnemonic) {
    throw conflict(
      "WALLET_IN_SPLIT_CUSTODY",
      "This wallet is in split custody: the server holds one share of it and cannot sign or export it; the user's signer frame does",
    );
  }
  return row.sealedMnemonic;
}

/** The server signs only for wallets it holds, and for none when the operator requires split custody (LATCH_CUSTODY=split-required). */
function refuseServerSigning(ctx: ServerContext, row: WalletCustodyRow): void {
  heldMnemonic(row);
  if (ctx.custody === "split-required" && row.custody !== undefined) {
    throw conflict(
      "SPLIT_CUSTODY_REQUIRED",
      "This server requires split custody (LATCH_CUSTODY=split-required): move the wallet to split custody, then sign in the user's signer frame",
    );
  }
}
