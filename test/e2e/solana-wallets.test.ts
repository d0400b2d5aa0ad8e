// Solana external wallets end to end in Chromium: a wallet-standard test wallet (ed25519 key in
// this process) discovered, listed after EVM with the 'Solana' badge, connected from the dialog,
// signing a message and a v0 transaction (both verified here); duplicates resolved (Installed kept);
// a wallet that is not ready opens its site in a new tab; logout disconnects.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { ed25519 } from "@noble/curves/ed25519.js";
import { getBase64Encoder, getTransactionDecoder } from "@solana/kit";
import { base58 } from "@scure/base";
import { launchChromium, watchPage } from "./support/chromium";
import { startPageServer, type PageServer } from "./support/page-server";
import { SolanaTestWallet } from "./support/solana-wallets/test-wallet";

let browser: Browser;
let server: PageServer;
let context: BrowserContext;
let page: Page;
let watch: ReturnType<typeof watchPage>;
const wallet = new SolanaTestWallet();

beforeAll(async () => {
  [browser, server] = await Promise.all([launchChromium(), startPageServer(["solana-wallets"])]);
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // Requests to the not-ready wallet's site stay local.
  await context.route("https://wallets.example/**", (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<title>wallet site</title>" }));
  page = await context.newPage();
  watch = watchPage(page);
  await wallet.install(page);
  // The test wallet's name is also a known (not installed) wallet: the duplicate; Ghost Wallet is not installed at all.
  await page.goto(`${server.url}/solana-wallets?known=${encodeURIComponent(`${wallet.info.name},Ghost Wallet`)}`);
}, 30_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const text = (id: string) => page.getByTestId(id).textContent();
const dialog = () => page.getByRole("dialog", { name: "Sign in" });

describe("a wallet-standard Solana wallet in Chromium", () => {
  it("is listed once (the Installed duplicate kept) with the 'Solana' badge; a not-ready wallet opens its site in a new tab", async () => {
    await page.getByRole("button", { name: "Open sign-in" }).click();
    await dialog().getByRole("button", { name: "Continue with a wallet" }).click();
    const list = dialog().getByRole("list", { name: "Wallets" });
    const row = list.getByRole("button", { name: `Connect with ${wallet.info.name} (Solana)` });
    await row.waitFor();
    expect(await list.getByRole("button", { name: `Connect with ${wallet.info.name} (Solana)` }).count()).toBe(1);
    expect(await row.getByText("Solana", { exact: true }).isVisible()).toBe(true);
    // The installed one carries the wallet's icon (the known one has none).
    expect(await row.locator("img").count()).toBe(1);

    const popup = context.waitForEvent("page");
    await list.getByRole("button", { name: "Connect with Ghost Wallet (Solana)" }).click();
    const site = await popup;
    expect(site.url()).toBe("https://wallets.example/Ghost%20Wallet");
    await site.close();
    await dialog().getByRole("heading", { name: "Couldn't connect to Ghost Wallet" }).waitFor();
    expect(await dialog().getByText("Ghost Wallet is not installed in this browser. Its website opened in a new tab.").isVisible()).toBe(true);
    expect(watch.errors.some((e) => e.includes("WalletNotReadyError") || e.includes("Wallet not ready"))).toBe(true);
    watch.errors.length = 0;
    await dialog().getByRole("button", { name: "Back" }).click();
  });

  it("connects from the dialog: the EOA user is the wallet's base58 public key", async () => {
    await dialog().getByRole("button", { name: `Connect with ${wallet.info.name} (Solana)` }).click();
    await dialog().waitFor({ state: "detached" });
    const a = wallet.address;
    await page.getByTestId("user").filter({ hasText: `eoa ${a} ${a} ${a} ${a}` }).waitFor();
    expect(await text("connection")).toBe(`connected ${wallet.info.name}`);
    expect(wallet.log).toEqual(["connect"]);
  });

  it("signs a message (ed25519, verified here)", async () => {
    await page.getByRole("button", { name: "Sign message" }).click();
    await page.getByTestId("signature").filter({ hasText: /./ }).waitFor();
    const signature = Buffer.from((await text("signature"))!, "base64");
    expect(signature.length).toBe(64);
    expect(ed25519.verify(signature, new TextEncoder().encode("Sign in to Latch"), wallet.publicKey)).toBe(true);
  });

  it("signs a v0 transaction built with @solana/kit (signature verified over the message bytes)", async () => {
    await page.getByRole("button", { name: "Sign transaction" }).click();
    await page.getByTestId("signed-tx").filter({ hasText: /./ }).or(page.getByTestId("error").filter({ hasText: /./ })).waitFor();
    expect(await text("error")).toBe("");
    const tx = getTransactionDecoder().decode(getBase64Encoder().encode((await text("signed-tx"))!));
    expect(tx.messageBytes[0]).toBe(0x80); // version 0
    const signature = tx.signatures[wallet.address as keyof typeof tx.signatures];
    expect(signature).toBeTruthy();
    expect(ed25519.verify(signature!, Uint8Array.from(tx.messageBytes), wallet.publicKey)).toBe(true);
    expect(base58.encode(wallet.publicKey)).toBe(wallet.address);
  });

  it("disconnects the wallet on logout", async () => {
    await page.getByRole("button", { name: "Log out" }).click();
    await page.getByTestId("user").filter({ hasText: "none" }).waitFor();
    expect(wallet.log).toContain("disconnect");
    expect(await text("connection")).toBe("disconnected ");
    expect(watch.errors).toEqual([]);
  });
});
