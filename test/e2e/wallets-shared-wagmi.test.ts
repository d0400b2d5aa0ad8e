// evm({ wagmiConfig }) in Chromium with an EIP-6963 test wallet: the app's wagmi account and the
// Latch user are one connection, whichever side connects or disconnects, and a reload reconnects once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchChromium, watchPage } from "./support/chromium";
import { startPageServer, type PageServer } from "./support/page-server";
import { startAnvil, type Anvil } from "./support/wallets/anvil";
import { TestWallet } from "./support/wallets/test-wallet";

let browser: Browser;
let server: PageServer;
let anvil: Anvil;
let wallet: TestWallet;
let page: Page;
let watch: ReturnType<typeof watchPage>;

beforeAll(async () => {
  [browser, server, anvil] = await Promise.all([launchChromium(), startPageServer(["wagmi-wallet"]), startAnvil()]);
  wallet = new TestWallet(anvil.chainId, anvil.rpcUrl);
  page = await browser.newPage();
  watch = watchPage(page);
  await wallet.install(page);
  await page.goto(`${server.url}/wagmi-wallet?rpc=${encodeURIComponent(anvil.rpcUrl)}`);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await anvil?.stop();
});

const shows = (testId: string, text: string) => page.getByTestId(testId).filter({ hasText: new RegExp(`^${text}$`) }).waitFor();
const connects = () => wallet.log.filter((method) => method === "wallet_requestPermissions" || method === "eth_requestAccounts").length;

describe("the evm plugin on the app's wagmi config", () => {
  it("a wallet chosen in the Latch dialog is the app's wagmi account (one connect); Latch's logout disconnects wagmi", async () => {
    await shows("wagmi-account", "disconnected");
    await page.getByRole("button", { name: "Open sign-in" }).click();
    const before = connects();
    await page.getByRole("dialog", { name: "Sign in" }).getByRole("button", { name: "Connect with Latch Test Wallet" }).click();
    await shows("user", `eoa ${wallet.address}`);
    await shows("wagmi-account", `connected ${wallet.address}`);
    expect(connects() - before).toBe(1);

    await page.getByRole("button", { name: "Log out" }).click();
    await shows("user", "none");
    await shows("wagmi-account", "disconnected");
  });

  it("a wallet the app connects with wagmi is the Latch user, and the app's disconnect signs them out", async () => {
    await page.getByRole("button", { name: "Connect with wagmi", exact: true }).click();
    await shows("wagmi-account", `connected ${wallet.address}`);
    await shows("user", `eoa ${wallet.address}`);

    await page.getByRole("button", { name: "Disconnect with wagmi", exact: true }).click();
    await shows("wagmi-account", "disconnected");
    await shows("user", "none");
  });

  it("after a reload, the wallet wagmi remembers reconnects once and is the Latch user again", async () => {
    await page.getByRole("button", { name: "Connect with wagmi", exact: true }).click();
    await shows("user", `eoa ${wallet.address}`);
    const before = wallet.log.length;
    await page.reload();
    await shows("wagmi-account", `connected ${wallet.address}`);
    await shows("user", `eoa ${wallet.address}`);
    // Reconnecting asks the wallet's accounts; it never prompts to connect again.
    expect(wallet.log.slice(before)).not.toContain("wallet_requestPermissions");
    expect(watch.errors).toEqual([]);
  });
});
