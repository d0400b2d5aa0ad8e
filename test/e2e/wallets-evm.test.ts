// External EVM wallets end to end in Chromium: an EIP-6963 test wallet (key in this process,
// chain reads and sends on a local anvil) discovered, connected from the dialog, signing,
// switching to an unknown chain (4902), rejecting, reconnecting on reload, disconnecting.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { createPublicClient, http, verifyMessage, verifyTypedData, type Hex } from "viem";
import { launchChromium, watchPage } from "./support/chromium";
import { startPageServer, type PageServer } from "./support/page-server";
import { seriousViolations } from "./support/axe";
import { startAnvil, type Anvil } from "./support/wallets/anvil";
import { TestWallet } from "./support/wallets/test-wallet";

let browser: Browser;
let server: PageServer;
let anvil: Anvil;
let wallet: TestWallet;
let page: Page;
let watch: ReturnType<typeof watchPage>;

beforeAll(async () => {
  [browser, server, anvil] = await Promise.all([launchChromium(), startPageServer(["wallets"]), startAnvil()]);
  wallet = new TestWallet(anvil.chainId, anvil.rpcUrl);
  await anvil.fund(wallet.address, 10n ** 18n);
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  watch = watchPage(page);
  await wallet.install(page);
  await page.goto(`${server.url}/wallets?rpc=${encodeURIComponent(anvil.rpcUrl)}`);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await anvil?.stop();
});

const text = (id: string) => page.getByTestId(id).textContent();
const dialog = () => page.getByRole("dialog", { name: "Sign in" });

describe("an EIP-6963 wallet in Chromium", () => {
  it("is discovered and featured in the section; a rejection shows the error view; Try again connects", async () => {
    await page.getByRole("button", { name: "Open sign-in" }).click();
    const featured = dialog().getByRole("button", { name: "Connect with Latch Test Wallet" });
    await featured.waitFor();
    expect(await dialog().getByRole("button", { name: "More wallets" }).isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    wallet.rejectNext.add("wallet_requestPermissions");
    await featured.click();
    await dialog().getByRole("heading", { name: "Request rejected" }).waitFor();
    expect(await dialog().getByText("You rejected the connection in Latch Test Wallet. Try again when you are ready.").isVisible()).toBe(true);

    await dialog().getByRole("button", { name: "Try again" }).click();
    await dialog().waitFor({ state: "detached" });
    const user = `eoa ${wallet.address} ${wallet.address} ${wallet.address}`;
    await page.getByTestId("user").filter({ hasText: user }).waitFor();
    expect(await text("connection")).toBe(`connected ${anvil.chainId}`);
    expect(await page.evaluate(() => localStorage.getItem("walletName"))).toBe("Latch Test Wallet");
  });

  it("signs a message and typed data through the wallet (verified with viem)", async () => {
    await page.getByRole("button", { name: "Sign message" }).click();
    await page.getByTestId("signature").filter({ hasText: /^0x/ }).waitFor();
    const signature = (await text("signature")) as Hex;
    expect(await verifyMessage({ address: wallet.address, message: "Sign in to Latch", signature })).toBe(true);

    await page.getByRole("button", { name: "Sign typed data" }).click();
    await page.getByTestId("typed-signature").filter({ hasText: /^0x/ }).waitFor();
    const typedSignature = (await text("typed-signature")) as Hex;
    const valid = await verifyTypedData({
      address: wallet.address,
      domain: { name: "Latch", version: "1", chainId: anvil.chainId },
      types: { Mail: [{ name: "contents", type: "string" }, { name: "amount", type: "uint256" }] },
      primaryType: "Mail",
      message: { contents: "hello", amount: 42n },
      signature: typedSignature,
    });
    expect(valid).toBe(true);
  });

  it("sends a transaction from the wallet", async () => {
    await page.getByRole("button", { name: "Send transaction" }).click();
    await page.getByTestId("tx-hash").filter({ hasText: /^0x/ }).or(page.getByTestId("error").filter({ hasText: /./ })).waitFor();
    expect(await text("error")).toBe("");
    const client = createPublicClient({ transport: http(anvil.rpcUrl) });
    const receipt = await client.waitForTransactionReceipt({ hash: (await text("tx-hash")) as Hex });
    expect(receipt.status).toBe("success");
    expect(receipt.from.toLowerCase()).toBe(wallet.address.toLowerCase());
  });

  it("switches to a chain the wallet does not know: 4902, then the chain is added; a rejected switch stays a rejection", async () => {
    const before = wallet.log.length;
    await page.getByRole("button", { name: "Switch to the test chain" }).click();
    await page.getByTestId("connection").filter({ hasText: "connected 4242" }).waitFor();
    expect(wallet.log.slice(before)).toEqual(expect.arrayContaining(["wallet_switchEthereumChain", "wallet_addEthereumChain"]));
    expect(wallet.log.slice(before).indexOf("wallet_switchEthereumChain")).toBeLessThan(wallet.log.slice(before).indexOf("wallet_addEthereumChain"));
    expect(wallet.chains.get(4242)).toBe(anvil.rpcUrl);

    wallet.rejectNext.add("wallet_switchEthereumChain");
    await page.getByRole("button", { name: "Switch to the local chain" }).click();
    await page.getByTestId("error").filter({ hasText: "UserRejectedError" }).waitFor();
    await page.getByRole("button", { name: "Switch to the local chain" }).click();
    await page.getByTestId("connection").filter({ hasText: `connected ${anvil.chainId}` }).waitFor();
  });

  it("reconnects on reload without asking the wallet again", async () => {
    const before = wallet.log.length;
    await page.reload();
    await page.getByTestId("user").filter({ hasText: `eoa ${wallet.address}` }).waitFor();
    expect(await text("connection")).toBe(`connected ${anvil.chainId}`);
    const asked = wallet.log.slice(before);
    expect(asked).toContain("eth_accounts");
    expect(asked).not.toContain("wallet_requestPermissions");
    expect(asked).not.toContain("eth_requestAccounts");
  });

  it("disconnects on logout and stays disconnected after a reload", async () => {
    await page.getByRole("button", { name: "Log out" }).click();
    await page.getByTestId("user").filter({ hasText: "none" }).waitFor();
    expect(wallet.log).toContain("wallet_revokePermissions");
    expect(await page.evaluate(() => localStorage.getItem("walletName"))).toBeNull();
    await page.reload();
    await page.getByTestId("connection").filter({ hasText: "disconnected" }).waitFor();
    await page.waitForTimeout(300);
    expect(await text("user")).toBe("none");
  });

  it("is keyboard operable: pick_eoa lists the wallet, Enter connects, back returns to pick_eoa", async () => {
    await page.getByRole("button", { name: "Open sign-in" }).click();
    await dialog().getByRole("button", { name: "More wallets" }).focus();
    await page.keyboard.press("Enter");
    await dialog().getByRole("heading", { name: "Select your wallet" }).waitFor();
    wallet.rejectNext.add("wallet_requestPermissions");
    await dialog().getByRole("list", { name: "Wallets" }).getByRole("button", { name: "Connect with Latch Test Wallet" }).focus();
    await page.keyboard.press("Enter");
    await dialog().getByRole("heading", { name: "Request rejected" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog().getByRole("button", { name: "Back" }).click();
    await dialog().getByRole("heading", { name: "Select your wallet" }).waitFor();
    await dialog().getByRole("button", { name: "Back" }).click();
    await dialog().getByRole("heading", { name: "Sign in" }).waitFor();
    expect(watch.errors).toEqual([]);
    expect(watch.offLoopback).toEqual([]);
  });
  it("closing the dialog while the wallet is asking stops waiting: nobody is signed in, even when the wallet approves later, and connecting again works", async () => {
    let approve!: () => void;
    wallet.holdNext.set("wallet_requestPermissions", new Promise<void>((resolve) => (approve = resolve)));
    await page.keyboard.press("Escape");
    await dialog().waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Open sign-in" }).click();
    await dialog().getByRole("button", { name: "Connect with Latch Test Wallet" }).click();
    await expect.poll(() => wallet.log.at(-1)).toBe("wallet_requestPermissions");
    await page.keyboard.press("Escape");
    await dialog().waitFor({ state: "detached" });
    // The wallet's prompt approves after the user gave up: that late approval signs nobody in.
    approve();
    await page.waitForTimeout(500);
    expect(await text("user")).toBe("none");
    await page.getByRole("button", { name: "Open sign-in" }).click();
    await dialog().getByRole("heading", { name: "Sign in" }).waitFor();
    await dialog().getByRole("button", { name: "Connect with Latch Test Wallet" }).click();
    await dialog().waitFor({ state: "detached" });
    await page.getByTestId("user").filter({ hasText: `eoa ${wallet.address}` }).waitFor();
    expect(watch.errors).toEqual([]);
  });
});
