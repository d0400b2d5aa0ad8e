// latch-kit/wagmi against the real dev server and the local devnet: wagmi's signMessage and
// sendTransaction through the Latch connector, for the embedded owner key and for the LightAccount.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { createPublicClient, createTestClient, http, parseEther, type Address, type Hex } from "viem";
import { startServer } from "../../server/index";
import { startDevnet } from "../../server/devnet/index";
import { launchChromium, watchPage } from "./support/chromium";
import { startPageServer, type PageServer } from "./support/page-server";
import { enterEmailCode, uniqueEmail } from "./support/sign-in";

let browser: Browser;
let emulator: Awaited<ReturnType<typeof startServer>>;
let devnet: Awaited<ReturnType<typeof startDevnet>>;
let server: PageServer;

beforeAll(async () => {
  devnet = await startDevnet({ port: 0 });
  [emulator, browser, server] = await Promise.all([startServer({ memory: true, port: 0 }), launchChromium(), startPageServer(["wagmi"])]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await emulator?.stop();
  await devnet?.stop();
});

async function signIn(page: Page, extra: Record<string, string> = {}) {
  const query = new URLSearchParams({ emulator: emulator.url, rpc: devnet.rpcUrl, bundler: devnet.bundlerUrl, paymaster: devnet.paymasterUrl, ...extra });
  await page.goto(`${server.url}/wagmi?${query}`);
  await page.getByTestId("status").filter({ hasText: /^DISCONNECTED$/ }).waitFor();
  await enterEmailCode(page, emulator.url, uniqueEmail("wagmi"));
  await page.getByTestId("status").filter({ hasText: /^CONNECTED$/ }).waitFor();
}

async function read(page: Page, testId: string): Promise<string> {
  const [value] = await Promise.race([
    page.getByTestId(testId).textContent({ timeout: 30_000 }).then((v) => [v ?? ""]),
    page
      .getByTestId(testId.replace(/-\w+$/, "-error"))
      .textContent({ timeout: 30_000 })
      .then((error) => Promise.reject(new Error(`${testId}: ${error}`))),
  ]);
  return value!;
}

describe("the Latch wagmi connector on the devnet", () => {
  it("the owner key and the LightAccount sign messages that verify (ERC-6492, then ERC-1271) and send transactions", async () => {
    const page = await browser.newPage();
    const watch = watchPage(page);
    await signIn(page);
    const publicClient = createPublicClient({ transport: http(devnet.rpcUrl) });

    // The owner: an EOA signature, and a transaction the key signs and the node mines.
    await page.getByRole("button", { name: "Address owner" }).click();
    const owner = (await read(page, "owner-address")) as Address;
    expect(owner).toMatch(/^0x[0-9a-fA-F]{40}$/);
    await page.getByRole("button", { name: "Sign owner" }).click();
    const ownerSignature = (await read(page, "owner-signature")) as Hex;
    expect(await publicClient.verifyMessage({ address: owner, message: "hello owner", signature: ownerSignature })).toBe(true);
    await createTestClient({ mode: "anvil", transport: http(devnet.rpcUrl) }).setBalance({ address: owner, value: parseEther("1") });
    await page.getByRole("button", { name: "Send owner" }).click();
    const ownerTx = (await read(page, "owner-tx")) as Hex;
    const ownerReceipt = await publicClient.waitForTransactionReceipt({ hash: ownerTx });
    expect(ownerReceipt.status).toBe("success");
    expect(ownerReceipt.from.toLowerCase()).toBe(owner.toLowerCase());

    // The LightAccount: counterfactual (ERC-6492), then a sponsored user operation deploys it, then ERC-1271.
    await page.getByRole("button", { name: "Address LightAccount" }).click();
    const account = (await read(page, "LightAccount-address")) as Address;
    expect(account).not.toBe(owner);
    expect(await publicClient.getCode({ address: account })).toBeUndefined();
    await page.getByRole("button", { name: "Sign LightAccount" }).click();
    const early = (await read(page, "LightAccount-signature")) as Hex;
    expect(early.endsWith("6492".repeat(16))).toBe(true);
    expect(await publicClient.verifyMessage({ address: account, message: "hello LightAccount", signature: early })).toBe(true);
    expect(await publicClient.verifyMessage({ address: owner, message: "hello LightAccount", signature: early })).toBe(false);

    await createTestClient({ mode: "anvil", transport: http(devnet.rpcUrl) }).setBalance({ address: account, value: parseEther("1") });
    await page.getByRole("button", { name: "Send LightAccount" }).click();
    const tx = (await read(page, "LightAccount-tx")) as Hex;
    expect((await publicClient.getTransactionReceipt({ hash: tx })).status).toBe("success");
    expect(await publicClient.getCode({ address: account })).toBeTruthy();
    expect(await publicClient.getBalance({ address: account })).toBe(parseEther("1") - 1n);

    await page.getByRole("button", { name: "Sign LightAccount" }).click();
    await page.getByTestId("LightAccount-signature").filter({ hasNotText: early }).waitFor({ timeout: 30_000 });
    const deployed = (await read(page, "LightAccount-signature")) as Hex;
    expect(deployed.endsWith("6492".repeat(16))).toBe(false);
    expect(await publicClient.verifyMessage({ address: account, message: "hello LightAccount", signature: deployed })).toBe(true);

    expect(watch.errors).toEqual([]);
    await page.close();
  });

  it("wagmi's disconnect() sticks across a reload (the Latch session stays), until the user connects again", async () => {
    const page = await browser.newPage();
    const watch = watchPage(page);
    await signIn(page, { storage: "1" });
    const click = (button: string, name: string) => page.getByRole("button", { name: `${button} ${name}`, exact: true }).click();
    /** Waits until the page shows this wagmi status of the config (the last button's answer). */
    const shows = (name: string, status: string) => page.getByTestId(`${name}-wagmi`).filter({ hasText: new RegExp(`^${status}$`) }).waitFor({ timeout: 30_000 });
    /** Asks for the config's wagmi status until it is this one. */
    const becomes = (name: string, status: string) =>
      expect
        .poll(async () => {
          await click("wagmi status", name);
          return page.getByTestId(`${name}-wagmi`).textContent();
        }, { timeout: 30_000 })
        .toBe(status);
    await click("wagmi status", "owner");
    await shows("owner", "connected");
    await click("Disconnect", "owner");
    await shows("owner", "disconnected");

    await page.reload();
    await page.getByTestId("status").filter({ hasText: /^CONNECTED$/ }).waitFor();
    // The other config (no disconnect) follows the restored session: once it is connected, both have followed it.
    await becomes("LightAccount", "connected");
    await click("wagmi status", "owner");
    expect(await read(page, "owner-wagmi")).toBe("disconnected");

    // Connecting again (wagmi's connect) is the user's new word: a reload then reconnects.
    await click("Connect", "owner");
    await shows("owner", "connected");
    await page.reload();
    await page.getByTestId("status").filter({ hasText: /^CONNECTED$/ }).waitFor();
    await becomes("owner", "connected");
    expect(watch.errors).toEqual([]);
    await page.close();
  });
});
