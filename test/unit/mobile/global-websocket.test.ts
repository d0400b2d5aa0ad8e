// The mobile plugin speaks MWA through its own transport (plugins/mobile/transport/): it reads the
// page's WebSocket when it dials (or takes one injected) and never replaces it — not when loading,
// not when making a kit, not during a session, not after one however it ends.
import { afterEach, describe, expect, it, vi } from "vitest";
import { createKit } from "latch-kit";
import { mobileWallet, runMobileSession, MobileWallet } from "latch-kit/plugins/mobile";
import { FakeLocalWallet } from "./fake-local-wallet";

const CHROME = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36";

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("the page's WebSocket and the mobile wallet", () => {
  it("is untouched by loading the plugin and making a kit with it", () => {
    const native = globalThis.WebSocket;
    createKit({ plugins: [mobileWallet()], signer: { url: "http://localhost:9" } });
    expect(globalThis.WebSocket).toBe(native);
  });

  it("is the page's own constructor at every state of a session, and after it; the session dials with it", async () => {
    const wallet = new FakeLocalWallet();
    const pages = vi.fn();
    const PageSocket = new Proxy(wallet.WebSocket, { construct: (target, args) => (pages(...args), Reflect.construct(target, args)) });
    vi.stubGlobal("WebSocket", PageSocket);
    vi.stubGlobal("isSecureContext", true);
    vi.spyOn(window.location, "assign").mockImplementation(wallet.handOff);
    const seen: unknown[] = [];
    const mobile = new MobileWallet({ appIdentity: { name: "Test" }, chain: "solana:mainnet", cacheKey: "global-ws" }, CHROME);
    mobile.subscribe(() => seen.push(globalThis.WebSocket));
    await mobile.getCapabilities();
    expect(mobile.getState().session).toBe("disconnected");
    expect(seen.length).toBeGreaterThanOrEqual(4); // connecting, hello_req_sent, connected, disconnected…
    expect(seen.every((constructor) => constructor === PageSocket)).toBe(true);
    expect(globalThis.WebSocket).toBe(PageSocket);
    expect(pages).toHaveBeenCalledTimes(1);
  });

  it("an injected constructor is used instead of the page's, which is never called", async () => {
    const wallet = new FakeLocalWallet();
    const page = vi.fn();
    vi.stubGlobal("WebSocket", page);
    vi.stubGlobal("isSecureContext", true);
    vi.spyOn(window.location, "assign").mockImplementation(wallet.handOff);
    const result = await runMobileSession({ kind: "local", WebSocket: wallet.WebSocket, onState: () => expect(globalThis.WebSocket).toBe(page) }, (w) => w.getCapabilities());
    expect(result).toMatchObject({ max_transactions_per_request: 2 });
    expect(page).not.toHaveBeenCalled();
    expect(globalThis.WebSocket).toBe(page);
  });

  it("is the same constructor again after a session that failed, and after one the caller aborted", async () => {
    const native = globalThis.WebSocket;
    const states: string[] = [];
    await expect(runMobileSession({ kind: "remote", onState: (state) => states.push(state) }, async () => "never")).rejects.toThrow(/remoteHostAuthority/);
    expect(globalThis.WebSocket).toBe(native);
    const aborted = AbortSignal.abort(new DOMException("cancelled", "AbortError"));
    await expect(runMobileSession({ kind: "remote", remoteHostAuthority: "127.0.0.1:9", signal: aborted, onState: (state) => states.push(state) }, async () => "never")).rejects.toThrow(
      /cancelled/,
    );
    expect(globalThis.WebSocket).toBe(native);
    expect(states).toEqual(["connecting", "disconnected", "connecting", "disconnected"]);
  });
});
