import type { ServerContext } from "../context";
import { newMnemonic } from "../crypto/wallet";
import { openMnemonic, openSigningKeys, sealWallet, signingKeysOf, type SealedWallet, type SigningKeys } from "../custody/walletCustody";
import type { WalletCustodyRow } from "../store/users";

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
  if (row.kekId !== null && row.wrappedKey) return openMnemonic(ctx.keys, owner, { kekId: row.kekId, wrappedKey: row.wrappedKey, sealedMnemonic: row.sealedMnemonic });
  return new TextEncoder().encode(legacyMnemonic(ctx, owner, row));
}

/** Before envelope custody the mnemonic was sealed under a key derived from the server secret. */
export function legacyMnemonic(ctx: ServerContext, owner: string, row: Pick<WalletCustodyRow, "sealedMnemonic">): string {
  return new TextDecoder().decode(ctx.secrets.open("wallet-at-rest", row.sealedMnemonic, owner));
}
