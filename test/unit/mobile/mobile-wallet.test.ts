import { describe, expect, it } from "vitest";
import { SolanaMobileWalletAdapterError, SolanaMobileWalletAdapterProtocolError } from "@solana-mobile/mobile-wallet-adapter-protocol";
import { MobileWallet, MobileWalletError, MOBILE_WALLET_ERROR_CODES, createStandardWallet, fromLibraryError, mobileReadyState, observeAssociationSockets, toModalError, isChrome } from "latch-kit/plugins/mobile";

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

  it("maps the library's errors to the spec's codes, and failures to the spec's modal texts", () => {
    const notFound = fromLibraryError(new SolanaMobileWalletAdapterError("ERROR_WALLET_NOT_FOUND", "none"));
    expect(notFound).toMatchObject({ name: "MobileWalletError", code: "ERROR_WALLET_NOT_FOUND" });
    expect(fromLibraryError(new SolanaMobileWalletAdapterError("ERROR_LOOPBACK_ACCESS_BLOCKED", "x"))).toMatchObject({ code: "ERROR_BROWSER_NOT_SUPPORTED" });
    expect(fromLibraryError(new SolanaMobileWalletAdapterProtocolError(3, -3, "not signed"))).toMatchObject({ name: "MobileWalletProtocolError", code: -3 });
    expect(toModalError(notFound).message).toBe("To use mobile wallet adapter, you must have a compatible mobile wallet application installed on your device.");
    expect(toModalError(new MobileWalletError(MOBILE_WALLET_ERROR_CODES.browserNotSupported, "x")).message).toMatch(/^This browser appears to be incompatible/);
    expect(toModalError(new Error("boom")).message).toBe("An unexpected error occurred: boom");
  });

  it("reports the first frame sent on an MWA socket (HELLO_REQ) and leaves other sockets alone", () => {
    const sent: string[] = [];
    class FakeSocket {
      constructor(readonly url: string) {}
      send(data: string) {
        sent.push(data);
      }
      addEventListener() {}
    }
    const target = { WebSocket: FakeSocket as unknown as typeof WebSocket };
    let hellos = 0;
    const undo = observeAssociationSockets({ onHelloRequestSent: () => hellos++, onClosedAfterOpen: () => {} }, target);
    new target.WebSocket("wss://other").send("x");
    const mwa = new target.WebSocket("ws://localhost:50000/solana-wallet", ["com.solana.mobilewalletadapter.v1"]);
    mwa.send("hello");
    mwa.send("rpc");
    expect(hellos).toBe(1);
    expect(sent).toEqual(["x", "hello", "rpc"]);
    undo();
    expect(target.WebSocket).toBe(FakeSocket);
  });

  it("restores the native WebSocket when the last of two overlapping sessions ends, whichever ends first", () => {
    class FakeSocket {
      send() {}
      addEventListener() {}
    }
    const target = { WebSocket: FakeSocket as unknown as typeof WebSocket };
    const hellos = { a: 0, b: 0 };
    const observer = (name: "a" | "b") => ({ onHelloRequestSent: () => hellos[name]++, onClosedAfterOpen: () => {} });
    const undoA = observeAssociationSockets(observer("a"), target);
    const undoB = observeAssociationSockets(observer("b"), target);
    undoA();
    expect(target.WebSocket).not.toBe(FakeSocket);
    new target.WebSocket("ws://localhost:50001/solana-wallet", ["com.solana.mobilewalletadapter.v1"]).send("hello");
    expect(hellos).toEqual({ a: 0, b: 1 });
    undoB();
    expect(target.WebSocket).toBe(FakeSocket);
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
