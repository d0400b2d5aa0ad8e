// WalletConnect in the playground, offline: the configurator's WalletConnect option pairs through
// the local relay (server/walletconnect-relay) with the playground's dev WalletConnect wallet
// (wc-wallet.html, @reown/walletkit in the browser) opened in a second tab from the option's hint.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { createPublicClient, http, parseEther, verifyMessage, verifyTypedData, type Address, type Hex } from "viem";
import { mnemonicToAccount } from "viem/accounts";
import { startDevnet } from "../../server/devnet/index";
import { startServer } from "../../server/index";
import { startWalletConnectRelay, type RunningWalletConnectRelay } from "../../server/walletconnect-relay/index";
import { launchChromium, watchPage } from "./support/chromium";
import { startPlayground, type PlaygroundServer } from "./support/playground";

// The dev wallet's first key: the devnet's public test mnemonic, index 7.
const DEV_KEY_7 = mnemonicToAccount("test test test test test test test test test test test junk", { addressIndex: 7 }).address;

let browser: Browser;
let emulator: Awaited<ReturnType<typeof startServer>>;
let relay: RunningWalletConnectRelay;
let playground: PlaygroundServer;
// On free ports; the playground (its chain and the dev wallet) is told where.
let devnet: Awaited<ReturnType<typeof startDevnet>>;

beforeAll(async () => {
  [emulator, relay, browser, devnet] = await Promise.all([
    startServer({ memory: true, port: 0, seed: "e2e-playground-wc" }),
    startWalletConnectRelay({ port: 0 }),
    launchChromium(),
    startDevnet({ port: 0 }),
  ]);
  playground = await startPlayground(emulator.url, { devnet, walletConnectRelayUrl: relay.url });
});
afterAll(async () => {
  await browser?.close();
  await playground?.close();
  await relay?.stop();
  await emulator?.stop();
  await devnet?.stop();
});

const pairingModal = (page: Page) => page.getByRole("dialog", { name: "Open your wallet and scan this code" });

describe("WalletConnect in the playground", () => {
  it("pairs the dialog with the dev WalletConnect wallet through the local relay, then signs and sends", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: playground.url });
    const page = await context.newPage();
    const watch = watchPage(page);
    await page.goto(`${playground.url}/?sections=wallets,email`);
    await page.getByTestId("status").filter({ hasText: /^DISCONNECTED$/ }).waitFor({ timeout: 30_000 });

    // The configurator: WalletConnect on; the snippet shows the relay an app would name.
    await page.getByRole("checkbox", { name: "WalletConnect (remote pairing)" }).check();
    await page.getByTestId("snippet").filter({ hasText: `walletConnect: { projectId: "latch-playground", relayUrl: "${relay.url}" }` }).waitFor();
    await page.getByTestId("snippet").filter({ hasText: `import { walletConnect } from "latch-kit/plugins/walletconnect";` }).waitFor();

    // The dev wallet, in a second tab opened from the option's hint.
    const [wallet] = await Promise.all([context.waitForEvent("page"), page.getByRole("link", { name: "dev WalletConnect wallet" }).click()]);
    const walletWatch = watchPage(wallet);
    await wallet.getByRole("heading", { name: "Dev WalletConnect wallet" }).waitFor();
    expect(new URL(wallet.url()).pathname).toBe("/wc-wallet.html");

    // The dialog: WalletConnect, and its pairing link.
    await page.getByRole("button", { name: "Sign in" }).click();
    // Not among the featured dev wallets: listed under 'More wallets'.
    await page.getByRole("dialog").getByRole("button", { name: "More wallets" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Connect with WalletConnect" }).click();
    await pairingModal(page).getByRole("button", { name: "Copy link" }).click();
    await pairingModal(page).getByRole("button", { name: "Link copied" }).waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(/^wc:[0-9a-f]{64}@2\?/);

    await wallet.getByRole("textbox", { name: /Pairing link/ }).fill(link);
    await wallet.getByRole("button", { name: "Pair" }).click();
    const proposal = wallet.getByRole("region", { name: /^Session proposal from / });
    await proposal.waitFor({ timeout: 20_000 });
    expect(await proposal.getByTestId("proposal-url").textContent()).toBe(playground.url);
    expect(await proposal.getByRole("combobox", { name: /Account/ }).inputValue()).toBe(DEV_KEY_7);
    await proposal.getByRole("button", { name: "Approve" }).click();

    await page.getByTestId("status").filter({ hasText: /^CONNECTED$/ }).waitFor({ timeout: 20_000 });
    expect(await page.getByTestId("user-address").textContent()).toBe(DEV_KEY_7);
    expect(await pairingModal(page).count()).toBe(0);
    await wallet.getByTestId("session").filter({ hasText: DEV_KEY_7 }).waitFor();
    expect(relay.log).toEqual(expect.arrayContaining(["wc_proposeSession", "wc_approveSession"]));

    // A message: the wallet shows it, the user approves, the signature is the key's.
    await page.getByRole("button", { name: "Sign message" }).click();
    await wallet.getByTestId("request-summary").filter({ hasText: "Sign the message “Hello from Latch” on eip155:31337" }).waitFor({ timeout: 20_000 });
    await wallet.getByRole("button", { name: "Approve personal_sign" }).click();
    await page.getByTestId("signature").filter({ hasText: /^0x/ }).waitFor({ timeout: 20_000 });
    const signature = (await page.getByTestId("signature").textContent()) as Hex;
    expect(await verifyMessage({ address: DEV_KEY_7 as Address, message: "Hello from Latch", signature })).toBe(true);

    // Typed data (the playground's Greeting), shown and approved in the wallet.
    await page.getByRole("button", { name: "Sign typed data" }).click();
    await wallet.getByTestId("request-summary").filter({ hasText: "Sign typed data Greeting for Latch playground" }).waitFor({ timeout: 20_000 });
    await wallet.getByRole("button", { name: "Approve eth_signTypedData_v4" }).click();
    await page.getByTestId("typed-signature").filter({ hasText: /^0x/ }).waitFor({ timeout: 20_000 });
    const typedValid = await verifyTypedData({
      address: DEV_KEY_7 as Address,
      domain: { name: "Latch playground", version: "1", chainId: 1 },
      types: { Greeting: [{ name: "text", type: "string" }] },
      primaryType: "Greeting",
      message: { text: "Hello from Latch" },
      signature: (await page.getByTestId("typed-signature").textContent()) as Hex,
    });
    expect(typedValid).toBe(true);
    expect(await wallet.getByTestId("activity").textContent()).toContain("eth_signTypedData_v4: 0x");

    // A transaction: the wallet shows it, the user approves, the wallet signs and sends it to the devnet.
    await page.getByRole("button", { name: "Send 0.001 ETH to yourself" }).click();
    await wallet.getByTestId("request-summary").filter({ hasText: `Send ${parseEther("0.001")} wei to ${DEV_KEY_7}` }).waitFor({ timeout: 20_000 });
    await wallet.getByRole("button", { name: "Approve eth_sendTransaction" }).click();
    await page.getByTestId("evm-tx-hash").filter({ hasText: /^0x[0-9a-f]{64}$/ }).waitFor({ timeout: 20_000 });
    const hash = (await page.getByTestId("evm-tx-hash").textContent()) as Hex;
    const receipt = await createPublicClient({ transport: http(devnet.rpcUrl) }).waitForTransactionReceipt({ hash });
    expect(receipt).toMatchObject({ status: "success", from: DEV_KEY_7.toLowerCase(), to: DEV_KEY_7.toLowerCase() });

    // Logging out ends the session in the wallet too.
    await page.getByRole("button", { name: "Log out" }).click();
    await page.getByTestId("status").filter({ hasText: /^DISCONNECTED$/ }).waitFor();
    await wallet.getByTestId("activity").filter({ hasText: "The app ended a session" }).waitFor({ timeout: 20_000 });
    expect(await wallet.getByTestId("session").count()).toBe(0);

    expect(watch.errors).toEqual([]);
    expect(watch.offLoopback).toEqual([]);
    expect(walletWatch.errors).toEqual([]);
    expect(walletWatch.offLoopback).toEqual([]);
    await context.close();
  });
});
