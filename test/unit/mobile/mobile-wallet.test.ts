import { describe, expect, it } from "vitest";
import { MobileWallet, MobileWalletError, MobileWalletProtocolError, MOBILE_WALLET_ERROR_CODES, createStandardWallet, mobileReadyState, toModalError, isChrome } from "latch-kit/plugins/mobile";

const CHROME = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36";
const WEBVIEW = "Mozilla/5.0 (Linux; Android 14; Pixel 8; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/130.0.0.0 Mobile Safari/537.36";
const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";

describe("mobile wallet adapter", () => {
  it("is Loadable on Android outside webviews and on desktop with a reflector, Unsupported elsewhere", () => {
    expect(mobileReadyState(CHROME)).toBe("Loadable");
    expect(mobileReadyState(WEBVIEW)).toBe("Unsupported");
    expect(mobileReadyState(DESKTOP)).toBe("Unsupported");
    expect(mobileReadyState(DESKTOP, true)).toBe("Loadable");
    expect(isChrome(CHROME)).toBe(true);
    expect(isChrome("Mozilla/5.0 (Android 14; Mobile; rv:130.0) Gecko/130.0 Firefox/130.0")).toBe(false);
  });

  it("maps the transport's errors to the spec's modal texts", () => {
    const notFound = new MobileWalletError(MOBILE_WALLET_ERROR_CODES.walletNotFound, "none");
    expect(toModalError(notFound).message).toBe("To use mobile wallet adapter, you must have a compatible mobile wallet application installed on your device.");
    expect(toModalError(new MobileWalletError(MOBILE_WALLET_ERROR_CODES.browserNotSupported, "x")).message).toMatch(/^This browser appears to be incompatible/);
    expect(new MobileWalletProtocolError(-3, "not signed")).toMatchObject({ name: "MobileWalletProtocolError", code: -3 });
    expect(toModalError(new Error("boom")).message).toBe("An unexpected error occurred: boom");
  });

  it("clears the cached authorization on disconnect", async () => {
    localStorage.setItem("k", JSON.stringify({ auth_token: "t", accounts: [] }));
    const mobile = new MobileWallet({ appIdentity: {}, chain: "solana:mainnet", cacheKey: "k" }, CHROME);
    expect(mobile.getState().readyState).toBe("Installed");
    const feature = createStandardWallet(mobile).features["standard:disconnect"] as { disconnect(): Promise<void> };
    await feature.disconnect();
    expect(localStorage.getItem("k")).toBeNull();
    expect(mobile.getState()).toMatchObject({ connected: false, connecting: false, session: "disconnected", authorization: null });
  });
});
