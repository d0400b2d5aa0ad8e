// Internal module shared by the wallet plugins (EVM, WalletConnect, later Solana): the
// external_wallets section, pick_eoa, eoa_connect, the error views and the wallet-source extension point.
import { defineSection, defineStep } from "latch-kit";
import { walletSectionSchema } from "./section-schema";
import { EXTERNAL_WALLETS_SECTION, type ExternalWalletsSectionConfig } from "./config";
import { EoaConnectScreen } from "./EoaConnectScreen";
import { cancelWallet } from "./flow";
import { PickEoaScreen } from "./PickEoaScreen";
import { WalletSection } from "./WalletSection";
import "./steps";

export const walletSection = defineSection<ExternalWalletsSectionConfig>({
  type: EXTERNAL_WALLETS_SECTION,
  Component: WalletSection,
  schema: process.env.NODE_ENV !== "production" ? walletSectionSchema : undefined,
});

export const pickEoaStep = defineStep({ type: "pick_eoa", Screen: PickEoaScreen, back: "initial" });

export const eoaConnectStep = defineStep({
  type: "eoa_connect",
  Screen: EoaConnectScreen,
  back: (step, kit) => {
    cancelWallet(kit, step.wallet);
    return { type: "pick_eoa" };
  },
});

/** What every wallet plugin installs (registering it twice is harmless: the same definitions). */
export const walletParts = {
  sections: [walletSection],
  steps: [pickEoaStep, eoaConnectStep],
};

export * from "./config";
export * from "./errors";
export * from "./list";
export * from "./sources";
export * from "./flow";
export { walletErrorText, type WalletErrorText, type WalletErrorKind } from "./error-text";
export { walletStrings, WALLET_STRINGS_TABLE, type WalletStrings } from "./strings";
export { ConnectingView } from "./EoaConnectScreen";
export { WalletErrorView, DEFAULT_FIND_WALLET_URL } from "./WalletErrorView";
export { KitModal } from "./KitModal";
export { PairingQr, PairingStatus } from "./PairingQr";
export { WALLET_OVERLAY, WalletOverlays } from "./overlays";
export { WalletIcon } from "./WalletButton";
export { useWalletList } from "./useWalletList";
