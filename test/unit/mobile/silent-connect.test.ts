// A silent connect (the solana plugin's reconnect on load) answers from the cached authorization and
// never opens a session: a session hands the user off to the wallet app, and nobody tapped anything.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { StandardConnectFeature } from "@wallet-standard/features";
import { getBase58Decoder } from "@solana/kit";
import { createKit } from "latch-kit";
import { MobileWallet, createStandardWallet, mobileWallet, type MobileSessionState } from "latch-kit/plugins/mobile";
import { getSolanaWalletConnection, rememberedWalletKey, solana } from "latch-kit/plugins/solana";

const CHROME = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36";
const PUBLIC_KEY = new Uint8Array(32).map((_, i) => i + 1);
const BASE64_ADDRESS = Buffer.from(PUBLIC_KEY).toString("base64");
const ADDRESS = getBase58Decoder().decode(PUBLIC_KEY);
const CACHED = { auth_token: "token-1", accounts: [{ address: BASE64_ADDRESS, label: "Phone" }] };

afterEach(() => vi.restoreAllMocks());

/** A mobile wallet on Android Chrome, and every session state it went through. */
function mobileOnAndroid(cacheKey: string) {
  const mobile = new MobileWallet({ appIdentity: { name: "Test" }, chain: "solana:mainnet", cacheKey }, CHROME);
  const states: MobileSessionState[] = [];
  mobile.subscribe(() => void (states.at(-1) !== mobile.getState().session && states.push(mobile.getState().session)));
  const connect = (createStandardWallet(mobile).features as StandardConnectFeature)["standard:connect"].connect;
  return { mobile, states, connect };
}

describe("mobile wallet silent connect", () => {
  it("answers the cached authorization's accounts without a session", async () => {
    localStorage.setItem("silent-a", JSON.stringify(CACHED));
    const { mobile, states, connect } = mobileOnAndroid("silent-a");
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => {});
    const { accounts } = await connect({ silent: true });
    expect(accounts.map((a) => [a.address, a.label, [...a.publicKey]])).toEqual([[ADDRESS, "Phone", [...PUBLIC_KEY]]]);
    expect(mobile.getState()).toMatchObject({ connected: true, connecting: false, readyState: "Installed", session: "disconnected", modalError: null });
    expect(states).not.toContain("connecting");
    expect(assign).not.toHaveBeenCalled();
  });

  it("answers no accounts when nothing is cached, still without a session", async () => {
    const { mobile, states, connect } = mobileOnAndroid("silent-b");
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => {});
    expect((await connect({ silent: true })).accounts).toEqual([]);
    expect(mobile.getState()).toMatchObject({ connected: false, connecting: false, session: "disconnected", modalError: null, authorization: null });
    expect(states).not.toContain("connecting");
    expect(assign).not.toHaveBeenCalled();
  });

  it("a connect without `silent` does start a session (the contrast: the test above can tell)", async () => {
    const { states, connect } = mobileOnAndroid("silent-c");
    // happy-dom is no secure context: the transport refuses right after the session started.
    await expect(connect()).rejects.toMatchObject({ name: "MobileWalletModalError" });
    expect(states).toContain("connecting");
  });

  it("the solana plugin reconnects the remembered mobile wallet on load from the cache: CONNECTED, no session", async () => {
    vi.spyOn(navigator, "userAgent", "get").mockReturnValue(CHROME);
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => {});
    const kit = createKit({ id: "silent-kit", plugins: [solana({ chain: "solana:mainnet" }), mobileWallet()] });
    localStorage.setItem("silent-kit.mwa.authorization", JSON.stringify(CACHED));
    localStorage.setItem(rememberedWalletKey(kit), "Mobile Wallet Adapter");
    try {
      await kit.start();
      expect(kit.getStatus()).toBe("CONNECTED");
      expect(kit.getUser()).toMatchObject({ type: "eoa", solanaAddress: ADDRESS });
      expect(getSolanaWalletConnection(kit)).toEqual({ status: "connected", publicKey: ADDRESS, walletName: "Mobile Wallet Adapter" });
      expect(assign).not.toHaveBeenCalled();
    } finally {
      kit.destroy();
    }
  });
});
