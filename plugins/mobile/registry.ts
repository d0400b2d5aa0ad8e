import type { Kit } from "latch-kit";
import type { MobileWallet } from "./wallet";

export const MOBILE_WALLET = Symbol.for("latch.mobile.Wallet");

/** This kit's mobile wallet, when the plugin is set up (in a browser). */
export function getMobileWallet(kit: Kit): MobileWallet | undefined {
  return kit.container.isRegistered(MOBILE_WALLET, false) ? (kit.container.resolve(MOBILE_WALLET) as MobileWallet) : undefined;
}
