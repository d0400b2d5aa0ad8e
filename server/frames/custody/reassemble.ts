import { joinShares } from "./shares";
import { keysFromEntropy, wipeKeys, type SplitWalletKeys } from "./walletKeys";

/** The wallet's public addresses, as the server records them: what rebuilt keys must match. */
export interface WalletAddresses {
  address: string;
  solanaAddress: string;
}

/** Two shares rebuild another wallet than the one expected (a device share from before a re-share). */
export class StaleShareError extends Error {
  override readonly name = "StaleShareError";
}

/**
 * Rebuilds the wallet from two shares, checks it is the wallet `expected` names, lends its keys to
 * `use` and wipes entropy and keys whatever `use` does: the key lives for one call.
 */
export async function withWalletKeys<T>(first: Uint8Array, second: Uint8Array, expected: WalletAddresses, use: (keys: SplitWalletKeys) => Promise<T>): Promise<T> {
  const entropy = await joinShares(first, second);
  let keys: SplitWalletKeys | undefined;
  try {
    keys = await keysFromEntropy(entropy);
    if (keys.address.toLowerCase() !== expected.address.toLowerCase() || keys.solanaAddress !== expected.solanaAddress) {
      throw new StaleShareError(`these shares rebuild ${keys.address}, not the wallet ${expected.address}: a share is out of date`);
    }
    return await use(keys);
  } finally {
    entropy.fill(0);
    if (keys) wipeKeys(keys);
  }
}
