import { describe, expect, it } from "vitest";
import {
  MobileWallet,
  MobileWalletError,
  MOBILE_WALLET_ERROR_CODES,
  associationUrl,
  mobileReadyState,
  toModalError,
  isChrome,
} from "latch-kit/plugins/mobile";

const CHROME = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36";
const WEBVIEW = "Mozilla/5.0 (Linux; Android 14; Pixel 8; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/130.0.0.0 Mobile Safari/537.36";
const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";

describe("mobile wallet adapter", () => {
  it("is Loadable on Android outside webviews, Unsupported elsewhere", () => {
    expect(mobileReadyState(CHROME)).toBe("Loadable");
    expect(mobileReadyState(WEBVIEW)).toBe("Unsupported");
    expect(mobileReadyState(DESKTOP)).toBe("Unsupported");
    expect(isChrome(CHROME)).toBe(true);
    expect(isChrome("Mozilla/5.0 (Android 14; Mobile; rv:130.0) Gecko/130.0 Firefox/130.0")).toBe(false);
  });

  it("maps errors to the spec's modal texts", () => {
    expect(toModalError(new MobileWalletError(MOBILE_WALLET_ERROR_CODES.walletNotFound, "x")).message).toBe(
      "To use mobile wallet adapter, you must have a compatible mobile wallet application installed on your device.",
    );
    expect(toModalError(new MobileWalletError(MOBILE_WALLET_ERROR_CODES.browserNotSupported, "x")).message).toMatch(/^This browser appears to be incompatible/);
    expect(toModalError(new Error("boom")).message).toBe("An unexpected error occurred: boom");
  });

  it("refuses an association port outside 49152–65535", () => {
    expect(() => associationUrl(new Uint8Array(65), 80)).toThrow(expect.objectContaining({ code: "ERROR_ASSOCIATION_PORT_OUT_OF_RANGE" }));
    expect(associationUrl(new Uint8Array(65), 50000)).toMatch(/^solana-wallet:\/v1\/associate\/local\?association=[\w-]+&port=50000&v=v1$/);
  });

  it("clears the cached authorization on disconnect", async () => {
    localStorage.setItem("k", JSON.stringify({ auth_token: "t", accounts: [] }));
    const mobile = new MobileWallet({ appIdentity: {}, chain: "solana:mainnet", cacheKey: "k" }, CHROME);
    const feature = mobile.wallet.features["standard:disconnect"] as { disconnect(): Promise<void> };
    await feature.disconnect();
    expect(localStorage.getItem("k")).toBeNull();
    expect(mobile.getState()).toMatchObject({ readyState: "Loadable", connected: false, connecting: false });
  });
});
