import { definePlugin, defineStep, type Kit, type LatchPlugin } from "latch-kit";
import { cancelWallet, walletParts } from "../../lib/wallets/index";
import { WalletConnectState, walletConnectState, type WalletConnectPluginConfig } from "./state";
import { WalletConnectScreen } from "./WalletConnectScreen";

/** The `wallet_connect` step (the pairing QR code). */
export const walletConnectStep = defineStep({
  type: "wallet_connect",
  Screen: WalletConnectScreen,
  back: (step, kit) => {
    cancelWallet(kit, step.wallet);
    return { type: "pick_eoa" };
  },
});

/**
 * The remote-pairing option (WalletConnect, EVM only) on @walletconnect/universal-provider: a
 * pick_eoa row, the wallet_connect step and its QR pairing modal. Needs the evm() plugin; params
 * (projectId, relayUrl) come from here or from the wallet section's `walletConnect`.
 */
export const walletConnect = (config?: WalletConnectPluginConfig): LatchPlugin =>
  definePlugin({
    id: "walletconnect",
    sections: walletParts.sections,
    steps: [...walletParts.steps, walletConnectStep],
    /** Installs the kit's WalletConnect state, which adds its connector to the EVM wallets. */
    setup: (kit: Kit) => {
      walletConnectState.provide(kit, () => new WalletConnectState(kit, config)).install();
    },
    /** Warns when the evm() plugin, which WalletConnect needs, is missing. */
    start: (kit: Kit) => {
      if (!kit.hasPlugin("evm")) console.warn("[latch] walletConnect() needs the evm() plugin installed");
    },
  });

export type { WalletConnectPluginConfig } from "./state";
export { walletConnectStrings, WALLETCONNECT_STRINGS_TABLE } from "./strings";
