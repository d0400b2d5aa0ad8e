import { definePlugin, type Kit, type LatchPlugin } from "latch-kit";
import { walletParts } from "../../lib/wallets/index";
import { eoaAccountSigner } from "./actions";
import { resolveEvmConfig, type EvmPluginConfig } from "./config";
import { EvmWallet } from "./service";
import { getEvmWallet, installEvmWallet } from "./source";

/**
 * External EVM wallets (EIP-6963 discovery on @wagmi/core): the `external_wallets` section,
 * pick_eoa and eoa_connect; the EOA user; reconnect on load; signing through the wallet.
 *
 * @example
 * createKit({ plugins: [evm({ chains: [mainnet, base] })], ui: { auth: { sections: [[{ type: "external_wallets" }]] } } });
 * // With the app's own wagmi config: one connection for the app and Latch.
 * createKit({ plugins: [evm({ wagmiConfig })] });
 */
export const evm = (config?: Partial<EvmPluginConfig>): LatchPlugin => {
  const settings = resolveEvmConfig(config);
  return definePlugin({
    id: "evm",
    ...walletParts,
    accountSigners: [eoaAccountSigner],
    /** Installs the kit's EVM wallet and its wallet source. */
    setup: (kit: Kit) => {
      const wallet = new EvmWallet(kit, settings);
      installEvmWallet(kit, wallet, settings.findWalletUrl);
      return () => wallet.destroy();
    },
    /** Reconnects the remembered wallet (client side). */
    start: (kit: Kit) => getEvmWallet(kit).reconnect(),
    /** Logout: disconnects and forgets the wallet. */
    disconnect: (kit: Kit) => getEvmWallet(kit).disconnect(),
  });
};

export type { EvmPluginConfig } from "./config";
export type { WalletConnection, WalletConnectionStatus } from "./service";
export { eoaUser } from "./service";
export {
  getWalletConnection,
  switchChain,
  sendTransaction,
  type SwitchChainParameters,
  type SwitchChainReturnType,
  type SendTransactionParameters,
  type SendTransactionReturnType,
} from "./actions";
export { useWalletConnection, useChainSwitch, useSendTransaction } from "./hooks";
export type { ExternalWalletsSectionConfig, WalletEntry } from "../../lib/wallets/index";
export {
  walletStrings,
  WALLET_STRINGS_TABLE,
  UserRejectedError,
  ChainNotConfiguredError,
  ConnectorAlreadyConnectedError,
  UnsupportedNetworkError,
  SwitchChainNotSupportedError,
  WalletNotFoundError,
  WalletNotConnectedError,
} from "../../lib/wallets/index";
