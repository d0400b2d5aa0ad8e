import { useSyncExternalStore } from "react";
import { useKit } from "latch-kit/react";
import type { MobileWalletState } from "./wallet";
import { getMobileWallet } from "./registry";

// On the server and where the plugin is not set up: nothing to offer, nothing happening.
const UNSUPPORTED: MobileWalletState = {
  readyState: "Unsupported",
  connecting: false,
  connected: false,
  session: "disconnected",
  association: null,
  associationUrl: null,
  modalError: null,
  authorization: null,
  capabilities: null,
};
const noSubscription = () => () => {};
const unsupported = () => UNSUPPORTED;

/** The mobile wallet's readyState, connecting / connected flags and session state, live. */
export function useMobileWallet(): MobileWalletState {
  const mobile = getMobileWallet(useKit());
  return useSyncExternalStore(mobile?.subscribe ?? noSubscription, mobile?.getState ?? unsupported, unsupported);
}
