// Solana external wallets end to end in Chromium: a wallet-standard test wallet (ed25519 key in
// this process) discovered, listed after EVM with the 'Solana' badge, connected from the dialog,
// signing a message and a v0 transaction (both verified here); duplicates resolved (Installed kept);
// a wallet that is not ready opens its site in a new tab; a reload reconnects silently; transfers
// land on the local Solana RPC (LiteSVM) through signAndSendTransaction, or signed by the wallet and
// sent by the kit; sign-in with Solana verified (a tampered answer refused); an account switch
// follows; logout disconnects and a reload then stays disconnected; a wallet refusing the silent
// connect leaves the app disconnected without a dialog.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { ed25519 } from "@noble/curves/ed25519.js";
import { createSolanaRpc, getBase64Encoder, getTransactionDecoder, lamports, type Address, type Rpc, type SolanaRpcApi } from "@solana/kit";
import { base58 } from "@scure/base";
import { launchChromium, watchPage } from "./support/chromium";
import { startPageServer, type PageServer } from "./support/page-server";
import { SolanaTestWallet } from "./support/solana-wallets/test-wallet";
import { startSolanaRpc, type RunningSolanaRpc } from "../../server/solana/index";
import { rememberedWalletKey } from "../../plugins/solana/remembered-wallet";

const SOL = 1_000_000_000n;
const AMOUNT = 10_000_000n; // what the page's 'Send transfer' sends
const FEE = 5000n; // one signature
let solana: RunningSolanaRpc;
let rpc: Rpc<SolanaRpcApi>;
let browser: Browser;
let server: PageServer;
let context: BrowserContext;
let page: Page;
let watch: ReturnType<typeof watchPage>;
let wallet: SolanaTestWallet;
/** A wallet without solana:signAndSendTransaction nor solana:signIn. */
let plain: SolanaTestWallet;
const recipient = base58.encode(ed25519.getPublicKey(ed25519.utils.randomSecretKey())) as Address;

beforeAll(async () => {
  [solana, browser, server] = await Promise.all([startSolanaRpc({ port: 0 }), launchChromium(), startPageServer(["solana-wallets"])]);
  rpc = createSolanaRpc(solana.url) as Rpc<SolanaRpcApi>;
  wallet = new SolanaTestWallet({ rpcUrl: solana.url });
  plain = new SolanaTestWallet({ name: "Plain Solana Wallet", signIn: false });
  for (const w of [wallet, plain]) await rpc.requestAirdrop(w.address as Address, lamports(SOL)).send();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // Requests to the not-ready wallet's site stay local.
  await context.route("https://wallets.example/**", (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<title>wallet site</title>" }));
  page = await context.newPage();
  watch = watchPage(page);
  await wallet.install(page);
  await plain.install(page);
  // The test wallet's name is also a known (not installed) wallet: the duplicate; Ghost Wallet is not installed at all.
  const query = new URLSearchParams({ known: `${wallet.info.name},Ghost Wallet`, rpc: solana.url, to: recipient });
  await page.goto(`${server.url}/solana-wallets?${query}`);
}, 30_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await solana?.stop();
});

const text = (id: string) => page.getByTestId(id).textContent();
const dialog = () => page.getByRole("dialog", { name: "Sign in" });
const balance = async (address: string) => (await rpc.getBalance(address as Address).send()).value;
const status = (value: "CONNECTED" | "DISCONNECTED") => page.getByTestId("status").filter({ hasText: new RegExp(`^${value}$`) }).waitFor();
const remembered = () => page.evaluate((key) => localStorage.getItem(key), rememberedWalletKey({ id: "latch" }));
/** Clicks an action button and waits for its result or the page's error line. */
async function act(button: string, result: string): Promise<{ value: string; error: string }> {
  await page.getByTestId("error").evaluate((e) => (e.textContent = ""));
  await page.getByTestId(result).evaluate((e) => (e.textContent = ""));
  await page.getByRole("button", { name: button }).click();
  await page.getByTestId(result).filter({ hasText: /./ }).or(page.getByTestId("error").filter({ hasText: /./ })).waitFor();
  return { value: (await text(result)) ?? "", error: (await text("error")) ?? "" };
}

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
    expect(await remembered()).toBe(wallet.info.name);
  });

  it("a reload keeps the wallet connected: a silent connect, no dialog", async () => {
    const before = wallet.log.length;
    await page.reload();
    await status("CONNECTED");
    const a = wallet.address;
    expect(await text("user")).toBe(`eoa ${a} ${a} ${a} ${a}`);
    expect(await text("connection")).toBe(`connected ${wallet.info.name}`);
    expect(wallet.log.slice(before)).toEqual(["connect:silent"]);
    expect(await page.getByRole("dialog").count()).toBe(0);
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

  it("sends a transfer through the wallet (solana:signAndSendTransaction): it lands on the local RPC", async () => {
    const [payerBefore, recipientBefore] = [await balance(wallet.address), await balance(recipient)];
    const { value, error } = await act("Send transfer", "sent");
    expect(error).toBe("");
    const [sentBy, hash] = value.split(" ");
    expect(sentBy).toBe("wallet");
    expect(wallet.log.filter((m) => m.startsWith("sign"))).toContain("signAndSendTransaction");
    expect(await balance(recipient)).toBe(recipientBefore + AMOUNT);
    expect(await balance(wallet.address)).toBe(payerBefore - AMOUNT - FEE);
    const statuses = await rpc.getSignatureStatuses([hash as never]).send();
    expect(statuses.value[0]?.err).toBeNull();
  });

  it("signs in with Solana: the wallet's answer verified; a tampered signature is refused", async () => {
    const { value, error } = await act("Sign in with Solana", "siws");
    expect(error).toBe("");
    const [message, signature] = [value.slice(0, value.lastIndexOf("\n")), value.slice(value.lastIndexOf("\n") + 1)];
    expect(message).toBe(`${new URL(server.url).host} wants you to sign in with your Solana account:\n${wallet.address}\n\nSign in to Latch\n\nNonce: n0nce123`);
    expect(ed25519.verify(Buffer.from(signature!, "base64"), new TextEncoder().encode(message), wallet.publicKey)).toBe(true);

    wallet.tamperSignIn = true;
    const tampered = await act("Sign in with Solana", "siws");
    expect(tampered.error).toBe("WalletSignInError: The wallet's sign-in signature does not verify");
    expect(tampered.value).toBe("");
  });

  it("follows an account switch in the wallet (standard:events change): the user is the new key", async () => {
    const old = wallet.address;
    await wallet.switchAccount(page);
    const a = wallet.address;
    expect(a).not.toBe(old);
    await page.getByTestId("user").filter({ hasText: `eoa ${a} ${a} ${a} ${a}` }).waitFor();
    expect(await text("status")).toBe("CONNECTED");
    // Signing now uses the new account.
    await page.getByRole("button", { name: "Sign message" }).click();
    await expect.poll(async () => ed25519.verify(Buffer.from((await text("signature"))!, "base64"), new TextEncoder().encode("Sign in to Latch"), wallet.publicKey)).toBe(true);
  });

  it("disconnects the wallet on logout", async () => {
    await page.getByRole("button", { name: "Log out" }).click();
    await page.getByTestId("user").filter({ hasText: "none" }).waitFor();
    expect(wallet.log).toContain("disconnect");
    expect(await text("connection")).toBe("disconnected ");
    expect(await remembered()).toBeNull();
    expect(watch.errors).toEqual([]);
  });

  it("after logout a reload stays disconnected and does not ask the wallet", async () => {
    const before = wallet.log.length;
    await page.reload();
    await status("DISCONNECTED");
    expect(await text("user")).toBe("none");
    expect(wallet.log.slice(before)).toEqual([]);
  });

  it("a wallet without signAndSendTransaction signs, and the kit sends through its RPC endpoint", async () => {
    await page.getByRole("button", { name: "Open sign-in" }).click();
    await dialog().getByRole("button", { name: "Continue with a wallet" }).click();
    await dialog().getByRole("button", { name: `Connect with ${plain.info.name} (Solana)` }).click();
    await dialog().waitFor({ state: "detached" });
    await status("CONNECTED");
    const [payerBefore, recipientBefore] = [await balance(plain.address), await balance(recipient)];
    const { value, error } = await act("Send transfer", "sent");
    expect(error).toBe("");
    expect(value.split(" ")[0]).toBe("rpc");
    expect(plain.log).toContain("signTransaction");
    expect(plain.log).not.toContain("signAndSendTransaction");
    expect(await balance(recipient)).toBe(recipientBefore + AMOUNT);
    expect(await balance(plain.address)).toBe(payerBefore - AMOUNT - FEE);
  });

  it("sign-in with Solana falls back to the sign-in text through signMessage when the wallet has no signIn", async () => {
    const { value, error } = await act("Sign in with Solana", "siws");
    expect(error).toBe("");
    const message = value.slice(0, value.lastIndexOf("\n"));
    expect(message).toContain(`wants you to sign in with your Solana account:\n${plain.address}\n`);
    expect(ed25519.verify(Buffer.from(value.slice(value.lastIndexOf("\n") + 1), "base64"), new TextEncoder().encode(message), plain.publicKey)).toBe(true);
    expect(plain.log).toContain("signMessage");
  });

  it("a wallet that refuses the silent connect leaves the app disconnected after a reload, without a dialog or an error", async () => {
    expect(await remembered()).toBe(plain.info.name);
    plain.silent = "refuse";
    const before = plain.log.length;
    await page.reload();
    await status("DISCONNECTED");
    expect(plain.log.slice(before)).toEqual(["connect:silent"]);
    expect(await text("user")).toBe("none");
    expect(await text("connection")).toBe("disconnected ");
    expect(await page.getByRole("dialog").count()).toBe(0);
    expect(await remembered()).toBeNull();
    expect(watch.errors).toEqual([]);
    expect(watch.offLoopback).toEqual([]);
  });
});
