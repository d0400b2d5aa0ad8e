// Mobile Wallet Adapter end to end in Chromium emulating Android Chrome: a fake wallet app in this
// process (wallet side of the protocol over the association websocket) authorizes, reauthorizes with
// the cached token, signs messages and v0 transactions, 'sends' and signs in, answers its capabilities,
// clones and revokes tokens and names its own https base URI — several sessions on one page; a reload reconnects from the cache without a hand-off; the spec's modals (role=dialog) for no
// wallet and an unsupported browser; the session states through useMobileWallet.
//
// The browser comes from mwa-browser.ts: without it, Chromium answers the first `solana-wallet:`
// hand-off with an invisible tab-modal 'Open xdg-open?' dialog and the page takes no more input.
// Tried before that was found (none helped): answering Page.frameRequestedNavigation with
// Page.stopLoading (worse), focus/blur juggling, checking for extra targets and iframes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { ed25519 } from "@noble/curves/ed25519.js";
import { getCompiledTransactionMessageDecoder, getTransactionDecoder } from "@solana/kit";
import { watchPage } from "./support/chromium";
import { launchMwaChromium } from "./support/solana-wallets/mwa-browser";
import { startPageServer, type PageServer } from "./support/page-server";
import { MWA_WALLET_URI_BASE, MwaTestWallet } from "./support/solana-wallets/mwa-wallet";

const ANDROID_CHROME = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36";
const ANDROID_FIREFOX = "Mozilla/5.0 (Android 14; Mobile; rv:130.0) Gecko/130.0 Firefox/130.0";
const MWA = "Connect with Mobile Wallet Adapter (Solana)";
const NOT_FOUND = "To use mobile wallet adapter, you must have a compatible mobile wallet application installed on your device.";
const UNSUPPORTED = "This browser appears to be incompatible with mobile wallet adapter. Open this page in a compatible mobile browser app and try again.";
const CACHE_KEY = "latch.mwa.authorization";

let browser: Browser;
let server: PageServer;
const contexts: BrowserContext[] = [];
const wallet = new MwaTestWallet();

beforeAll(async () => {
  [browser, server] = await Promise.all([launchMwaChromium(), startPageServer(["solana-mobile"])]);
}, 30_000);

afterAll(async () => {
  await wallet.close();
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
  await server?.close();
});

async function androidContext(userAgent: string): Promise<BrowserContext> {
  const context = await browser.newContext({ userAgent, isMobile: true, hasTouch: true, viewport: { width: 412, height: 915 } });
  await context.grantPermissions(["local-network-access"]).catch(() => {});
  contexts.push(context);
  return context;
}

async function openPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await wallet.install(page);
  await page.goto(`${server.url}/solana-mobile`);
  return page;
}

const androidPage = async (userAgent: string) => openPage(await androidContext(userAgent));

/** A page of the context that connected the mobile wallet through the dialog (a session: authorize). */
async function connectedPage(context: BrowserContext): Promise<Page> {
  const page = await openPage(context);
  await pickMwa(page);
  await page.getByTestId("user").filter({ hasText: `eoa ${wallet.keys.address}` }).waitFor();
  await page.getByTestId("mwa-state").filter({ hasText: "disconnected connecting=false connected=true" }).waitFor();
  return page;
}

async function pickMwa(page: Page) {
  const dialog = page.getByRole("dialog", { name: "Sign in" });
  await page.getByRole("button", { name: "Open sign-in" }).click();
  await dialog.getByRole("button", { name: "Continue with a wallet" }).click();
  await dialog.getByRole("button", { name: MWA }).click();
  return dialog;
}

/** Taps a button of the page and waits for its result (or error). */
async function run(page: Page, button: string): Promise<string> {
  const sessions = (await page.getByTestId("mwa-sessions").textContent())!;
  await page.getByRole("button", { name: button, exact: true }).click();
  // This session's end: one more 'disconnected' in the states seen, then its result (or error).
  await page.waitForFunction((before) => document.querySelector("[data-testid=mwa-sessions]")!.textContent!.length > before.length && document.querySelector("[data-testid=mwa-state]")!.textContent!.includes(" disconnected "), sessions);
  await page.getByTestId("result").filter({ hasText: /./ }).or(page.getByTestId("error").filter({ hasText: /./ })).waitFor();
  expect(await page.getByTestId("error").textContent()).toBe("");
  const result = (await page.getByTestId("result").textContent())!;
  await page.getByTestId("mwa-state").filter({ hasText: "disconnected" }).waitFor();
  return result;
}

const b64 = (text: string) => new Uint8Array(Buffer.from(text, "base64"));

describe("Mobile Wallet Adapter on Android Chrome", () => {
  const methods = () => wallet.log.map((l) => `${l.method}${l.params.auth_token ? `(${l.params.auth_token as string})` : ""}`);

  it("one page: authorizes from the dialog, then signs a message, a v0 transaction and signs and sends, each session reauthorizing", async () => {
    wallet.log.length = 0;
    const associationsBefore = wallet.associations.length;
    const a = wallet.keys.address;
    const page = await openPage(await androidContext(ANDROID_CHROME));
    const watch = watchPage(page);
    await page.getByTestId("mwa-state").filter({ hasText: "Loadable local disconnected connecting=false connected=false" }).waitFor();
    await pickMwa(page);
    await page.getByTestId("user").filter({ hasText: `eoa ${a}` }).waitFor();
    expect(wallet.log[0]).toMatchObject({ method: "authorize", params: { identity: { name: "Latch test" }, chain: "solana:localnet" } });
    expect(wallet.log[0]!.params.auth_token).toBeUndefined();
    expect(JSON.parse((await page.evaluate((k) => localStorage.getItem(k), CACHE_KEY))!)).toEqual({ auth_token: "token-1", accounts: [{ address: wallet.keys.base64Address, label: "Mwa account" }] });
    await page.getByTestId("mwa-state").filter({ hasText: "Installed local disconnected connecting=false connected=true" }).waitFor();
    expect(await page.getByTestId("mwa-sessions").textContent()).toBe("disconnected,connecting,hello_req_sent,connected,disconnected");

    // Sign a message through useSolanaWallet(): the 64-byte ed25519 signature over the text.
    const signature = b64(await run(page, "Sign message"));
    expect(wallet.log.at(-1)).toMatchObject({ method: "sign_messages", params: { addresses: [wallet.keys.base64Address], payloads: [Buffer.from("Sign in to Latch").toString("base64")] } });
    expect(signature).toHaveLength(64);
    expect(ed25519.verify(signature, new TextEncoder().encode("Sign in to Latch"), wallet.keys.publicKey)).toBe(true);

    // Sign a v0 transaction through useSolanaWallet(): our signature over the message bytes.
    const signed = getTransactionDecoder().decode(b64(await run(page, "Sign transaction")));
    expect(wallet.log.at(-1)!.method).toBe("sign_transactions");
    expect(getCompiledTransactionMessageDecoder().decode(signed.messageBytes).version).toBe(0);
    const txSignature = signed.signatures[a as keyof typeof signed.signatures];
    expect(ed25519.verify(Uint8Array.from(txSignature!), Uint8Array.from(signed.messageBytes), wallet.keys.publicKey)).toBe(true);

    // Sign and send: what the wallet received, and the signature it answered.
    const sent = b64(await run(page, "Sign and send"));
    const request = wallet.log.at(-1)!;
    expect(request.method).toBe("sign_and_send_transactions");
    expect(request.params.options).toEqual({ commitment: "confirmed", skip_preflight: true });
    const payloads = request.params.payloads as string[];
    expect(payloads).toHaveLength(1);
    const unsigned = getTransactionDecoder().decode(b64(payloads[0]!));
    const message = getCompiledTransactionMessageDecoder().decode(unsigned.messageBytes);
    expect(message.version).toBe(0);
    expect(message.staticAccounts[0]).toBe(a);
    expect(ed25519.verify(sent, Uint8Array.from(unsigned.messageBytes), wallet.keys.publicKey)).toBe(true);

    // Every request was its own session, reauthorizing with the token the one before got.
    expect(methods()).toEqual(["authorize", "authorize(token-1)", "sign_messages", "authorize(token-2)", "sign_transactions", "authorize(token-3)", "sign_and_send_transactions"]);
    expect(wallet.associations.length - associationsBefore).toBe(4);
    expect(watch.errors).toEqual([]);
    expect(watch.offLoopback).toEqual([]);
  });

  it("a reload and a new page of the same context reconnect from the cache: CONNECTED, same address, no hand-off", async () => {
    const a = wallet.keys.address;
    const context = await androidContext(ANDROID_CHROME);
    const page = await connectedPage(context);
    const associations = wallet.associations.length;
    const requests = wallet.log.length;

    await page.reload();
    await page.getByTestId("user").filter({ hasText: `eoa ${a}` }).waitFor();
    await page.getByTestId("mwa-state").filter({ hasText: "Installed local disconnected connecting=false connected=true" }).waitFor();
    const other = await context.newPage();
    await wallet.install(other);
    await other.goto(`${server.url}/solana-mobile`);
    await other.getByTestId("user").filter({ hasText: `eoa ${a}` }).waitFor();
    // Neither page went through a session (only 'disconnected' seen), and the wallet saw nothing.
    expect(await page.getByTestId("mwa-sessions").textContent()).toBe("disconnected");
    expect(await other.getByTestId("mwa-sessions").textContent()).toBe("disconnected");
    expect(wallet.associations.length).toBe(associations);
    expect(wallet.log.length).toBe(requests);

    // The restored page signs: its first session reauthorizes with the cached token.
    const signature = b64(await run(other, "Sign message"));
    expect(ed25519.verify(signature, new TextEncoder().encode("Sign in to Latch"), wallet.keys.publicKey)).toBe(true);
    expect(wallet.log.slice(requests).map((l) => l.method)).toEqual(["authorize", "sign_messages"]);
    expect(wallet.log[requests]!.params.auth_token).toBeDefined();

    // Disconnect: no session, the cache is gone; a reload then starts disconnected.
    await other.getByRole("button", { name: "Disconnect" }).click();
    await other.getByTestId("mwa-state").filter({ hasText: "connected=false" }).waitFor();
    expect(await other.evaluate((k) => localStorage.getItem(k), CACHE_KEY)).toBeNull();
    await other.reload();
    await other.getByTestId("mwa-state").filter({ hasText: "connected=false" }).waitFor();
    expect(await other.getByTestId("user").textContent()).toBe("none");
    expect(wallet.associations.length).toBe(associations + 1);
  });

  it("sign in with Solana: authorize carries the sign-in payload; the signed message verifies", async () => {
    const a = wallet.keys.address;
    const page = await openPage(await androidContext(ANDROID_CHROME));
    const signIn = JSON.parse(await run(page, "Sign in with Solana")) as { address: string; message: string; signature: string };
    expect(wallet.log.at(-1)).toMatchObject({ method: "authorize", params: { sign_in_payload: { statement: "Sign in to Latch", domain: new URL(server.url).host } } });
    expect(signIn.address).toBe(a);
    expect(signIn.message).toContain(`wants you to sign in with your Solana account:\n${a}`);
    expect(ed25519.verify(b64(signIn.signature), new TextEncoder().encode(signIn.message), wallet.keys.publicKey)).toBe(true);
    await page.getByTestId("mwa-state").filter({ hasText: "Installed local disconnected connecting=false connected=true" }).waitFor();
  });

  it("one page: capabilities fetched and shown, an oversized request refused without a hand-off, clone authorization, deauthorize", async () => {
    const page = await connectedPage(await androidContext(ANDROID_CHROME));
    const watch = watchPage(page);
    const requests = wallet.log.length;
    const associations = wallet.associations.length;
    expect(await page.getByRole("button", { name: "Clone authorization" }).count()).toBe(0); // not offered before the capabilities say so

    // get_capabilities in a session of its own, with no authorization in it.
    const capabilities = JSON.parse(await run(page, "Get capabilities")) as unknown;
    const expected = { maxTransactionsPerRequest: 2, maxMessagesPerRequest: 2, supportedTransactionVersions: ["legacy", 0], features: ["solana:signTransactions", "solana:cloneAuthorization"] };
    expect(capabilities).toEqual(expected);
    expect(wallet.log.slice(requests).map((l) => l.method)).toEqual(["get_capabilities"]);
    expect(JSON.parse((await page.getByTestId("mwa-capabilities").textContent())!)).toEqual(expected);

    // Three messages where the wallet takes two: refused here, code -5, no session, nothing sent.
    const sessions = await page.getByTestId("mwa-sessions").textContent();
    await page.getByRole("button", { name: "Sign 3 messages" }).click();
    await page.getByTestId("error").filter({ hasText: /./ }).waitFor();
    expect(await page.getByTestId("error").textContent()).toBe("MobileWalletProtocolError(-5): The wallet signs at most 2 messages per request; this request has 3.");
    expect(await page.getByTestId("mwa-sessions").textContent()).toBe(sessions);
    expect(wallet.associations.length).toBe(associations + 1);
    expect(wallet.log.length).toBe(requests + 1);

    // Clone: offered now; one session reauthorizing, then clone_authorization with the token it got.
    const cloned = await run(page, "Clone authorization");
    const [reauthorize, clone] = wallet.log.slice(-2);
    expect(reauthorize!.method).toBe("authorize");
    const token = JSON.parse((await page.evaluate((k) => localStorage.getItem(k), CACHE_KEY))!).auth_token as string;
    expect(clone).toEqual({ method: "clone_authorization", params: { auth_token: token } });
    expect(cloned).toMatch(/^clone-\d+$/);
    expect(wallet.validTokens.has(cloned)).toBe(true);

    // Deauthorize: the wallet gets the cached token and drops it; the cache and the connection go.
    expect(await run(page, "Deauthorize")).toBe("deauthorized");
    expect(wallet.log.at(-1)).toEqual({ method: "deauthorize", params: { auth_token: token } });
    expect(wallet.log.at(-2)!.method).toBe("clone_authorization"); // no authorize in that session
    expect(wallet.validTokens.has(token)).toBe(false);
    expect(await page.evaluate((k) => localStorage.getItem(k), CACHE_KEY)).toBeNull();
    await page.getByTestId("mwa-state").filter({ hasText: "connected=false" }).waitFor();
    await page.getByTestId("user").filter({ hasText: "none" }).waitFor();
    expect(await page.getByTestId("mwa-capabilities").textContent()).toBe("none");
    expect(wallet.associations.length).toBe(associations + 3); // capabilities, clone, deauthorize
    expect(watch.errors).toEqual([]);
    expect(watch.offLoopback).toEqual([]);
  });

  it("a wallet base URI from the authorization is cached and the next hand-off goes there; a non-https one is refused", async () => {
    wallet.walletUriBase = MWA_WALLET_URI_BASE;
    try {
      const page = await connectedPage(await androidContext(ANDROID_CHROME));
      const watch = watchPage(page);
      expect(wallet.associations.at(-1)).toMatch(/^solana-wallet:\/v1\/associate\/local\?/);
      expect(JSON.parse((await page.evaluate((k) => localStorage.getItem(k), CACHE_KEY))!)).toMatchObject({ wallet_uri_base: MWA_WALLET_URI_BASE });

      const signature = b64(await run(page, "Sign message"));
      expect(wallet.associations.at(-1)).toMatch(new RegExp(`^${MWA_WALLET_URI_BASE}/v1/associate/local\\?association=[\\w.-]+&port=\\d+&v=v1$`));
      expect(ed25519.verify(signature, new TextEncoder().encode("Sign in to Latch"), wallet.keys.publicKey)).toBe(true);
      expect(wallet.appLinkRequestsStopped.at(-1)).toBe(wallet.associations.at(-1));
      expect(page.url()).toBe(`${server.url}/solana-mobile`); // the app link did not load in the page
      // After an https app link the transport dials at once (no wait for the page to lose focus) and
      // retries until the wallet listens: refused attempts are its schedule, not a fault.
      expect(watch.errors.filter((e) => !/WebSocket connection to 'ws:\/\/localhost:\d+\/solana-wallet' failed: .*ERR_CONNECTION_REFUSED/.test(e))).toEqual([]);
      expect(watch.offLoopback).toEqual([]);
    } finally {
      wallet.walletUriBase = undefined;
    }

    wallet.walletUriBase = "http://localhost/mwa-test-wallet";
    try {
      const page = await androidPage(ANDROID_CHROME);
      await pickMwa(page);
      const modal = page.getByRole("dialog", { name: "Mobile wallet" });
      await modal.getByText("An unexpected error occurred: Base URLs supplied by wallets must be valid `https` URLs").waitFor();
      expect(await page.evaluate((k) => localStorage.getItem(k), CACHE_KEY)).toBeNull();
      await modal.getByRole("button", { name: "Close" }).click();
      expect(await page.getByTestId("user").textContent()).toBe("none");
    } finally {
      wallet.walletUriBase = undefined;
    }
  });

  it("no wallet answers the hand-off within 3 s: the wallet-not-found modal (role=dialog, focus inside)", async () => {
    wallet.installed = false;
    try {
      const page = await androidPage(ANDROID_CHROME);
      await pickMwa(page);
      const modal = page.getByRole("dialog", { name: "Mobile wallet" });
      await modal.getByText(NOT_FOUND).waitFor({ timeout: 8000 });
      expect(await modal.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      // The page still takes input after the hand-off: Close, then the sign-in dialog's error view.
      await modal.getByRole("button", { name: "Close" }).click();
      await modal.waitFor({ state: "detached" });
      await page.getByRole("dialog", { name: "Sign in" }).getByRole("button", { name: "Try again" }).waitFor();
    } finally {
      wallet.installed = true;
    }
  });

  it("an Android browser that cannot hand off: the unsupported-browser modal (focus inside), closed by Escape and by its button", async () => {
    const page = await androidPage(ANDROID_FIREFOX);
    await pickMwa(page);
    const modal = page.getByRole("dialog", { name: "Mobile wallet" });
    await modal.getByText(UNSUPPORTED).waitFor();
    expect(await modal.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await modal.waitFor({ state: "detached" });
    await page.getByRole("dialog", { name: "Sign in" }).getByRole("button", { name: "Try again" }).click();
    await modal.getByText(UNSUPPORTED).waitFor();
    await modal.getByRole("button", { name: "Close" }).click();
    await modal.waitFor({ state: "detached" });
    expect(wallet.associations.filter((u) => u.includes("unsupported"))).toEqual([]);
  });

  it("is not offered on desktop without a reflector", async () => {
    const context = await browser.newContext();
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${server.url}/solana-mobile`);
    await page.getByTestId("mwa-state").filter({ hasText: "Unsupported none" }).waitFor();
    await page.getByRole("button", { name: "Open sign-in" }).click();
    await page.getByRole("dialog", { name: "Sign in" }).getByRole("button", { name: "Continue with a wallet" }).click();
    await page.getByRole("dialog", { name: "Sign in" }).getByRole("button").first().waitFor();
    expect(await page.getByRole("button", { name: MWA }).count()).toBe(0);
  });
});
