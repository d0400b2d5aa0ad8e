import { definePlugin, type Kit } from "latch-kit";
import { walletParts } from "../wallets/index";
import { resolveSolanaConfig, type SolanaPluginConfig } from "./config";
import { SolanaWallets } from "./service";
import { getSolanaWallets, installSolanaWallets } from "./source";

/**
 * External Solana wallets on wallet-standard: discovered wallets (any `solana:*` chain with
 * `standard:connect`) listed after the EVM ones with the 'Solana' badge, the connect flow for
 * chain svm, the EOA user (address = base58 public key), signing through the wallet.
 */
export const solana = (config?: SolanaPluginConfig) => {
  const settings = resolveSolanaConfig(config);
  return definePlugin({
    id: "solana",
    ...walletParts,
    setup: (kit: Kit) => {
      const wallets = new SolanaWallets(kit, settings);
      installSolanaWallets(kit, wallets);
      return () => wallets.destroy();
    },
    start: (kit: Kit) => getSolanaWallets(kit).start(),
    disconnect: (kit: Kit) => getSolanaWallets(kit).disconnect(),
  });
};

export type { SolanaPluginConfig, KnownSolanaWallet } from "./config";
export {
  solanaEoaUser,
  isSolanaStandardWallet,
  solanaAdapters,
  wireVersion,
  SVM_SOURCE_ID,
  type SolanaWalletAdapter,
  type SolanaWalletConnection,
  type SolanaWalletStatus,
} from "./service";
export { getSolanaWallets } from "./source";
export { getSolanaWalletConnection, signSolanaMessage, signSolanaTransaction, disconnectSolanaWallet } from "./actions";
export { useSolanaWallet, type UseSolanaWallet } from "./hooks";
export { solanaWalletStrings, type SolanaWalletStrings } from "./strings";
export * from "./errors";
export { walletStrings, WALLET_STRINGS_TABLE, UserRejectedError, WalletNotFoundError, type ExternalWalletsSectionConfig, type WalletEntry } from "../wallets/index";
