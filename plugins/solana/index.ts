import { definePlugin, type Kit, type LatchPlugin } from "latch-kit";
import { walletParts } from "../../lib/wallets/index";
import { resolveSolanaConfig, type SolanaPluginConfig } from "./config";
import { SolanaWallets } from "./service";
import { getSolanaWallets, installSolanaWallets } from "./source";

/**
 * External Solana wallets on wallet-standard: discovered wallets (any `solana:*` chain with
 * `standard:connect`) listed after the EVM ones with the 'Solana' badge, the connect flow for
 * chain svm, the EOA user (address = base58 public key), reconnect on reload, signing, sending and
 * sign-in with Solana through the wallet.
 */
export const solana = (config?: SolanaPluginConfig): LatchPlugin => {
  const settings = resolveSolanaConfig(config);
  return definePlugin({
    id: "solana",
    ...walletParts,
    /** Installs the kit's Solana wallets and their wallet source. */
    setup: (kit: Kit) => {
      const wallets = new SolanaWallets(kit, settings);
      installSolanaWallets(kit, wallets);
      return () => wallets.destroy();
    },
    // Discovery, and the remembered wallet reconnected silently (settles either way).
    /** Reconnects the remembered wallet (client side). */
    start: (kit: Kit) => getSolanaWallets(kit).reconnect(),
    /** Logout: disconnects and forgets the wallet. */
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
  SILENT_CONNECT_TIMEOUT_MS,
  type SolanaWalletAdapter,
  type SolanaWalletSession,
  type SolanaWalletConnection,
  type SolanaWalletStatus,
} from "./service";
export { getSolanaWallets } from "./source";
export {
  getSolanaWalletConnection,
  signSolanaMessage,
  signSolanaTransaction,
  sendSolanaWalletTransaction,
  signInWithSolana,
  disconnectSolanaWallet,
} from "./actions";
export type { SendSolanaWalletTransactionOptions, SendSolanaWalletTransactionResult } from "./send";
export { verifySolanaSignIn, type SolanaSignInInput, type SolanaSignInOutput } from "./sign-in";
export { rememberedWalletKey } from "./remembered-wallet";
export { resolveSolanaConfig, type ResolvedSolanaConfig } from "./config";
export { SolanaTransactionError } from "../../lib/solana/errors";
export { SolanaRpcError } from "../../lib/solana/rpc";
export { useSolanaWallet, type UseSolanaWallet } from "./hooks";
export { solanaWalletStrings, type SolanaWalletStrings } from "./strings";
export * from "./errors";
export { walletStrings, WALLET_STRINGS_TABLE, UserRejectedError, WalletNotFoundError, type ExternalWalletsSectionConfig, type WalletEntry } from "../../lib/wallets/index";
