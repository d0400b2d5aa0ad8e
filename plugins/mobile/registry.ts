import { defineService, type Kit } from "latch-kit";
import type { MobileWallet } from "./wallet";

export const mobileWalletService = defineService<MobileWallet>("mobile.Wallet", { missing: "The mobile plugin is not installed: add mobileWallet() to the kit's plugins" });

/** This kit's mobile wallet, when the plugin is set up (in a browser). */
export const getMobileWallet = (kit: Kit): MobileWallet | undefined => mobileWalletService.find(kit);
