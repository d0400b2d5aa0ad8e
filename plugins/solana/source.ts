import { defineService, type Kit } from "latch-kit";
import { registerWalletSource, type WalletSource, type WalletSourceSnapshot } from "../../lib/wallets/index";
import { SVM_SOURCE_ID, type SolanaWallets } from "./service";

/** The Solana wallets (wallet-standard, plus known wallets not installed) as the `svm` wallet source. */
export function solanaWalletSource(wallets: SolanaWallets): WalletSource {
  let adapters = wallets.getAdapters();
  let snapshot: WalletSourceSnapshot = { kind: "svm", wallets: adapters };
  return {
    id: SVM_SOURCE_ID,
    chain: "svm",
    snapshot() {
      if (wallets.getAdapters() !== adapters) {
        adapters = wallets.getAdapters();
        snapshot = { kind: "svm", wallets: adapters };
      }
      return snapshot;
    },
    subscribe: wallets.subscribe,
    connect: (entry) => void wallets.connect(entry),
    cancel: () => wallets.cancel(),
    disconnect: () => wallets.disconnectWallet(),
    ...(wallets.settings.findWalletUrl ? { findWalletUrl: wallets.settings.findWalletUrl } : {}),
  };
}

const solanaWallets = defineService<SolanaWallets>("solana.Wallets", { missing: "The solana plugin is not installed: add solana() to the kit's plugins" });

/** This kit's Solana wallets (the solana plugin registers them in setup). */
export const getSolanaWallets = (kit: Kit): SolanaWallets => solanaWallets.of(kit);

export function installSolanaWallets(kit: Kit, wallets: SolanaWallets) {
  solanaWallets.provide(kit, () => wallets);
  registerWalletSource(kit, solanaWalletSource(wallets));
}
