// The protocol requests beyond wallet-standard (get_capabilities, clone_authorization, deauthorize)
// and the wallet's base URI, each a real local-association session against a wallet in this process
// (fake-local-wallet.ts), plus the up-front refusals that must not hand the user off at all.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { WalletAccount } from "@wallet-standard/base";
import type { SolanaSignTransactionFeature } from "@solana/wallet-standard-features";
import {
  AuthorizationCache,
  MobileWallet,
  assertWithinLimit,
  createStandardWallet,
  toCapabilities,
  type MobileSessionState,
} from "latch-kit/plugins/mobile";
import { FakeLocalWallet } from "./fake-local-wallet";

const CHROME = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36";
const BASE = "https://wallet.test/mwa";
let wallet: FakeLocalWallet;
let cacheKey: string;
let n = 0;

beforeEach(() => {
  wallet = new FakeLocalWallet();
  cacheKey = `protocol-${++n}`;
  vi.stubGlobal("WebSocket", wallet.WebSocket);
  vi.stubGlobal("isSecureContext", true); // the transport refuses insecure contexts; happy-dom's page is one
  vi.spyOn(window.location, "assign").mockImplementation(wallet.handOff);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function mobileOnAndroid() {
  const mobile = new MobileWallet({ appIdentity: { name: "Test" }, chain: "solana:mainnet", cacheKey }, CHROME);
  const states: MobileSessionState[] = [mobile.getState().session];
  mobile.subscribe(() => void (states.at(-1) !== mobile.getState().session && states.push(mobile.getState().session)));
  return { mobile, states, standard: createStandardWallet(mobile) };
}

const methods = () => wallet.log.map((l) => `${l.method}${l.params.auth_token ? `(${l.params.auth_token as string})` : ""}`);

describe("mobile wallet capabilities", () => {
  it("reads the wallet's answer; malformed fields count as absent (no limit)", () => {
    expect(toCapabilities({ max_transactions_per_request: 3, max_messages_per_request: "x", supported_transaction_versions: ["legacy", 0, "v9"], features: ["solana:cloneAuthorization", 7] })).toEqual({
      maxTransactionsPerRequest: 3,
      maxMessagesPerRequest: null,
      supportedTransactionVersions: ["legacy", 0],
      features: ["solana:cloneAuthorization"],
    });
    expect(() => assertWithinLimit(null, "messages", 100)).not.toThrow();
    expect(() => assertWithinLimit(toCapabilities({ max_messages_per_request: 2 }), "messages", 2)).not.toThrow();
    expect(() => assertWithinLimit(toCapabilities({ max_transactions_per_request: 1 }), "transactions", 2)).toThrow(
      expect.objectContaining({ name: "MobileWalletProtocolError", code: -5, message: "The wallet signs at most 1 transactions per request; this request has 2." }),
    );
  });

  it("getCapabilities is one session with get_capabilities alone; then a signTransaction over the max is refused (-5) without a hand-off; disconnect forgets them", async () => {
    const { mobile, states, standard } = mobileOnAndroid();
    const capabilities = await mobile.getCapabilities();
    expect(capabilities).toEqual({ maxTransactionsPerRequest: 2, maxMessagesPerRequest: 2, supportedTransactionVersions: ["legacy", 0], features: ["solana:signTransactions", "solana:cloneAuthorization"] });
    expect(methods()).toEqual(["get_capabilities"]);
    expect(states).toEqual(["disconnected", "connecting", "hello_req_sent", "connected", "disconnected"]);
    expect(mobile.getState()).toMatchObject({ capabilities, connected: false, authorization: null });

    const sign = (standard.features as SolanaSignTransactionFeature)["solana:signTransaction"].signTransaction;
    const input = { account: {} as WalletAccount, transaction: new Uint8Array(8) };
    await expect(sign(input, input, input)).rejects.toMatchObject({ name: "MobileWalletProtocolError", code: -5 });
    expect(wallet.associations).toHaveLength(1);
    expect(states).toHaveLength(5);
    expect(mobile.getState().modalError).toBeNull();

    mobile.forget();
    expect(mobile.getState().capabilities).toBeNull();
  });
});

describe("mobile wallet clone authorization", () => {
  it("with capabilities unknown: one session authorizes, fetches them and clones the token it got", async () => {
    const { mobile } = mobileOnAndroid();
    const cloned = await mobile.cloneAuthorization();
    expect(cloned).toBe("clone-1");
    expect(methods()).toEqual(["authorize", "get_capabilities", "clone_authorization(token-1)"]);
    expect(mobile.getState().capabilities?.features).toContain("solana:cloneAuthorization");
    expect(wallet.validTokens.has("clone-1")).toBe(true);
  });

  it("a wallet without solana:cloneAuthorization: refused in the session (no modal), then up front without a hand-off", async () => {
    wallet.capabilities = { ...wallet.capabilities, features: ["solana:signTransactions"] };
    const { mobile } = mobileOnAndroid();
    const refusal = { name: "MobileWalletFeatureError", feature: "solana:cloneAuthorization", message: "This wallet does not support cloning an authorization (solana:cloneAuthorization)." };
    await expect(mobile.cloneAuthorization()).rejects.toMatchObject(refusal);
    expect(methods()).toEqual(["authorize", "get_capabilities"]);
    expect(mobile.getState().modalError).toBeNull();
    await expect(mobile.cloneAuthorization()).rejects.toMatchObject(refusal);
    expect(wallet.associations).toHaveLength(1);
  });
});

describe("mobile wallet deauthorize", () => {
  it("sends deauthorize with the cached token in a session of its own, then forgets it; the wallet no longer honours it", async () => {
    const { mobile, standard } = mobileOnAndroid();
    const changes: number[] = [];
    (standard.features["standard:events"] as { on(e: "change", l: (p: { accounts: readonly WalletAccount[] }) => void): () => void }).on("change", ({ accounts }) => changes.push(accounts.length));
    await mobile.session(async () => undefined, { connect: true });
    expect(mobile.getState().connected).toBe(true);
    await mobile.deauthorize();
    expect(methods()).toEqual(["authorize", "deauthorize(token-1)"]);
    expect(wallet.validTokens.has("token-1")).toBe(false);
    expect(localStorage.getItem(cacheKey)).toBeNull();
    expect(mobile.getState()).toMatchObject({ connected: false, authorization: null });
    expect(changes).toEqual([1, 0]); // the solana plugin hears the accounts go
  });

  it("with nothing cached: forgets without a hand-off", async () => {
    const { mobile, states } = mobileOnAndroid();
    await mobile.deauthorize();
    expect(wallet.associations).toEqual([]);
    expect(states).toEqual(["disconnected"]); // no session state moved
  });
});

describe("mobile wallet base URI", () => {
  it("an https wallet_uri_base is cached with the authorization and the next local association goes there", async () => {
    wallet.walletUriBase = BASE;
    const { mobile } = mobileOnAndroid();
    await mobile.session(async () => undefined, { connect: true });
    expect(new AuthorizationCache(cacheKey).read()).toMatchObject({ auth_token: "token-1", wallet_uri_base: BASE });
    expect(wallet.associations[0]).toMatch(/^solana-wallet:\/v1\/associate\/local\?/);
    await mobile.getCapabilities();
    expect(wallet.associations[1]).toMatch(new RegExp(`^${BASE}/v1/associate/local\\?association=`));
  });

  it("a non-https one is refused (forbidden wallet base URL) and nothing is cached; a stored one is junk", async () => {
    wallet.walletUriBase = "http://wallet.test/mwa";
    const { mobile } = mobileOnAndroid();
    const error = await mobile.session(async () => undefined, { connect: true }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "MobileWalletModalError", cause: { name: "MobileWalletError", code: "ERROR_FORBIDDEN_WALLET_BASE_URL" } });
    expect(localStorage.getItem(cacheKey)).toBeNull();
    localStorage.setItem(cacheKey, JSON.stringify({ auth_token: "t", accounts: [], wallet_uri_base: "http://wallet.test/mwa" }));
    expect(new AuthorizationCache(cacheKey).read()).toBeNull();
  });
});
