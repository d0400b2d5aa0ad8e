import { getWallets } from "@wallet-standard/app";
import { definePlugin, type Kit } from "latch-kit";
import { MobileWallet, type AppIdentity } from "./wallet";

export interface MobileWalletConfig {
  /** Shown by the wallet when it asks to authorize; default the page's title and origin. */
  appIdentity?: AppIdentity;
  /** Default 'solana:mainnet'. */
  chain?: `solana:${string}`;
  /** Local storage key of the cached authorization; default 'latch.mwa.authorization'. */
  cacheKey?: string;
}

const MOBILE_WALLET = Symbol.for("latch.mobile.Wallet");

/**
 * Mobile Wallet Adapter (local association) as a wallet-standard wallet, offered on Android outside
 * webviews: the `solana` plugin lists it ('Solana' badge) and connects it. Needs `solana()` too.
 */
export const mobileWallet = (config: MobileWalletConfig = {}) =>
  definePlugin({
    id: "mobile",
    setup: (kit: Kit) => {
      if (typeof window === "undefined") return;
      const wallet = new MobileWallet({
        appIdentity: config.appIdentity ?? { name: document.title || location.host, uri: location.origin },
        chain: config.chain ?? "solana:mainnet",
        cacheKey: config.cacheKey ?? "latch.mwa.authorization",
      });
      kit.container.register(MOBILE_WALLET, { useValue: wallet });
      if (wallet.getState().readyState === "Unsupported") return;
      return getWallets().register(wallet.wallet);
    },
  });

/** This kit's mobile wallet (state: readyState, connecting, connected, session), when set up. */
export function getMobileWallet(kit: Kit): MobileWallet | undefined {
  return kit.container.isRegistered(MOBILE_WALLET, false) ? (kit.container.resolve(MOBILE_WALLET) as MobileWallet) : undefined;
}

export { MobileWallet, MobileWalletModalError, mobileReadyState, isAndroid, isChrome, isWebView, toModalError, type MobileReadyState, type MobileWalletState, type AppIdentity } from "./wallet";
export * from "./errors";
export * from "./protocol";
export { mobileWalletStrings, type MobileWalletStrings } from "./strings";
