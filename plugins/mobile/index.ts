import { getWallets } from "@wallet-standard/app";
import { definePlugin, type Kit, type LatchPlugin } from "latch-kit";
import { WALLET_OVERLAY } from "../../lib/wallets/index";
import { MobileWalletModals } from "./MobileWalletModals";
import { mobileWalletService } from "./registry";
import { createStandardWallet } from "./standard-wallet";
import { MobileWallet, type AppIdentity } from "./wallet";

/** Options of {@link mobileWallet}: app identity, chain, cache key, and a reflector for remote association. */
export interface MobileWalletConfig {
  /** Shown by the wallet when it asks to authorize; default the page's title and origin. */
  appIdentity?: AppIdentity;
  /** Default 'solana:mainnet'. */
  chain?: `solana:${string}`;
  /** Local storage key of the cached authorization; default '{kit id}.mwa.authorization'. */
  cacheKey?: string;
  /**
   * A reflector's host[:port] for remote association (`wss://{it}/reflect`): browsers that cannot
   * hand off to a wallet on the same device (desktop) then offer the wallet and show a QR code.
   */
  remoteHostAuthority?: string;
}

/**
 * Mobile Wallet Adapter (on our own transport, transport/) as a wallet-standard
 * wallet: local association on Android outside webviews, remote association (QR code) elsewhere when
 * `remoteHostAuthority` is set. The `solana` plugin lists it ('Solana' badge) and connects it; needs `solana()`.
 */
export const mobileWallet = (config: MobileWalletConfig = {}): LatchPlugin => {
  if (config.remoteHostAuthority !== undefined && !/^[\w.-]+(:\d{1,5})?$/.test(config.remoteHostAuthority)) {
    throw new TypeError(`mobileWallet: remoteHostAuthority must be a host[:port] (no scheme, no path); got '${config.remoteHostAuthority}'.`);
  }
  return definePlugin({
    id: "mobile",
    /** Installs the kit's mobile wallet and registers it as a wallet-standard wallet. */
    setup: (kit: Kit) => {
      if (typeof window === "undefined") return;
      const mobile = new MobileWallet({
        appIdentity: config.appIdentity ?? { name: document.title || location.host, uri: location.origin },
        chain: config.chain ?? "solana:mainnet",
        cacheKey: config.cacheKey ?? `${kit.id}.mwa.authorization`,
        remoteHostAuthority: config.remoteHostAuthority,
      });
      mobileWalletService.provide(kit, () => mobile);
      if (mobile.getState().readyState === "Unsupported") return;
      kit.container.add(WALLET_OVERLAY, MobileWalletModals);
      return getWallets().register(createStandardWallet(mobile));
    },
  });
};

export { getMobileWallet } from "./registry";
export { useMobileWallet } from "./useMobileWallet";
export { useMobileWalletActions, type MobileWalletActions } from "./useMobileWalletActions";
export { toCapabilities, assertWithinLimit, supportsFeature, SOLANA_CLONE_AUTHORIZATION, type MobileWalletCapabilities, type MobileTransactionVersion } from "./capabilities";
export { MobileWalletModals } from "./MobileWalletModals";
export { MobileWallet, type MobileWalletState, type AppIdentity } from "./wallet";
export { createStandardWallet } from "./standard-wallet";
export { MobileWalletModalError, toModalError, type MobileWalletModalKind } from "./modal-error";
export { mobileReadyState, associationKind, isAndroid, isChrome, isWebView, type MobileReadyState, type AssociationKind } from "./environment";
export { runMobileSession, type MobileSessionState, type MobileSessionOptions } from "./session";
export { connectMwa, type MwaConnectOptions, type MwaSession } from "./transport/connection";
export type { MwaWallet, MwaProtocolVersion, SignInPayload, AuthorizationResult } from "./transport/wallet-api";
export * from "./transport/constants";
export { AuthorizationCache, isHttpsUrl, type CachedAuthorization, type AuthorizedAccount } from "./authorization-cache";
export * from "./errors";
export { mobileWalletStrings, MOBILE_WALLET_STRINGS_TABLE, type MobileWalletStrings } from "./strings";
