import type { Kit } from "latch-kit";
import { evmWalletService, registerWalletSource, type WalletSource, type WalletSourceSnapshot } from "../../lib/wallets/index";
import type { EvmWallet } from "./service";

export const EVM_SOURCE_ID = "evm";

/** The EVM connectors (EIP-6963 wallets and any added connector) as a wallet source. */
export function evmWalletSource(wallet: EvmWallet, findWalletUrl?: string): WalletSource {
  let connectors = wallet.getConnectors();
  let snapshot: WalletSourceSnapshot = { kind: "evm", connectors };
  return {
    id: EVM_SOURCE_ID,
    chain: "evm",
    snapshot() {
      if (wallet.getConnectors() !== connectors) {
        connectors = wallet.getConnectors();
        snapshot = { kind: "evm", connectors };
      }
      return snapshot;
    },
    subscribe: wallet.subscribe,
    connect: (entry, options) => void wallet.connect(entry, options, "eoa_connect"),
    cancel: () => wallet.cancel(),
    disconnect: () => wallet.disconnectWallet(),
    currentChainId: () => wallet.currentChainId(),
    ...(findWalletUrl ? { findWalletUrl } : {}),
  };
}

/** This kit's EVM wallet (the evm plugin registers it in setup). */
export const getEvmWallet = (kit: Kit): EvmWallet => evmWalletService.of(kit) as EvmWallet;

export function installEvmWallet(kit: Kit, wallet: EvmWallet, findWalletUrl?: string) {
  evmWalletService.provide(kit, () => wallet);
  registerWalletSource(kit, evmWalletSource(wallet, findWalletUrl));
}
