import type { Kit } from "latch-kit";
import type { WalletEntry } from "./list";
import { walletSource, type ConnectOptions } from "./sources";

/** Choosing a wallet: its source moves the flow to its connect step (eoa_connect or wallet_connect). */
export function connectWallet(kit: Kit, wallet: WalletEntry, options?: ConnectOptions): void {
  const source = walletSource(kit, wallet.source);
  if (!source) {
    console.warn(`[latch] no wallet source "${wallet.source}" is installed`);
    return;
  }
  source.connect(wallet, options);
}

/** Try again: the same wallet on the chain the wallet is on now. */
export function retryWallet(kit: Kit, wallet: WalletEntry): void {
  const chainId = walletSource(kit, wallet.source)?.currentChainId?.();
  connectWallet(kit, wallet, chainId === undefined ? {} : { chainId });
}

/** Stops a pending connection of that wallet's source. */
export function cancelWallet(kit: Kit, wallet: WalletEntry): void {
  walletSource(kit, wallet.source)?.cancel();
}

export function disconnectWallet(kit: Kit, wallet: WalletEntry): Promise<void> {
  return walletSource(kit, wallet.source)?.disconnect() ?? Promise.resolve();
}
