import { useMemo } from "react";
import { useKit } from "latch-kit/react";
import { SOLANA_CLONE_AUTHORIZATION, supportsFeature, type MobileWalletCapabilities } from "./capabilities";
import { getMobileWallet } from "./registry";
import { useMobileWallet } from "./useMobileWallet";

/** The mobile wallet's requests beyond wallet-standard: capabilities, deauthorize, clone. */
export interface MobileWalletActions {
  /** A session (hand-off: call from a tap) answering the wallet's capabilities; kept in useMobileWallet().capabilities. */
  getCapabilities(): Promise<MobileWalletCapabilities>;
  /** A session (hand-off: call from a tap) revoking the cached auth token in the wallet, then forgetting it. */
  deauthorize(): Promise<void>;
  /** Only when the fetched capabilities list solana:cloneAuthorization: a session answering a cloned auth token. */
  cloneAuthorization?: () => Promise<string>;
}

/** The mobile wallet's protocol requests beyond wallet-standard; null where the plugin is not set up. */
export function useMobileWalletActions(): MobileWalletActions | null {
  const mobile = getMobileWallet(useKit());
  const canClone = supportsFeature(useMobileWallet().capabilities, SOLANA_CLONE_AUTHORIZATION);
  return useMemo(() => {
    if (!mobile) return null;
    return {
      getCapabilities: () => mobile.getCapabilities(),
      deauthorize: () => mobile.deauthorize(),
      ...(canClone ? { cloneAuthorization: () => mobile.cloneAuthorization() } : {}),
    };
  }, [mobile, canClone]);
}
