import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { createPublicClient, http, type Address, type Hex } from "viem";
import { startServer } from "../../server/index";
import { startDevnet } from "../../server/devnet/index";
import { launchChromium, watchPage } from "./support/chromium";
import { startPageServer, type PageServer } from "./support/page-server";
import { enterEmailCode } from "./support/sign-in";

let browser: Browser;
let emulator: Awaited<ReturnType<typeof startServer>>;
let devnet: Awaited<ReturnType<typeof startDevnet>>;
let server: PageServer;
const timings: Record<string, number> = {};

beforeAll(async () => {
  const started = performance.now();
  devnet = await startDevnet({ port: 0 });
  timings.devnetColdStartMs = Math.round(performance.now() - started);
  [emulator, browser, server] = await Promise.all([startServer({ memory: true, port: 0 }), launchChromium(), startPageServer(["chain"])]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await emulator?.stop();
  await devnet?.stop();
  console.log("smart accounts e2e timings", timings);
});

async function signIn(page: Page) {
  const query = new URLSearchParams({ emulator: emulator.url, rpc: devnet.rpcUrl, bundler: devnet.bundlerUrl, paymaster: devnet.paymasterUrl });
  await page.goto(`${server.url}/chain?${query}`);
  await page.getByTestId("status").filter({ hasText: /^DISCONNECTED$/ }).waitFor();
  await enterEmailCode(page, emulator.url, `chain-${Date.now()}@example.com`);
  await page.getByTestId("status").filter({ hasText: /^CONNECTED$/ }).waitFor();
}

describe("smart accounts on the local devnet, from the browser", () => {
  it("sets up LightAccount and ModularAccountV2, sends sponsored operations and a batch, signs with ERC-1271", async () => {
    const page = await browser.newPage();
    const watch = watchPage(page);
    await signIn(page);
    const publicClient = createPublicClient({ transport: http(devnet.rpcUrl) });
    for (const type of ["LightAccount", "ModularAccountV2"] as const) {
      const address = (await page.getByTestId(`${type}-address`).textContent({ timeout: 20_000 })) as Address;
      expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
      expect(await publicClient.getBalance({ address })).toBe(0n);
      expect(await publicClient.getCode({ address })).toBeUndefined();

      // Before deployment: an ERC-6492 signature that viem verifies against the counterfactual address.
      await page.getByRole("button", { name: `Sign with ${type}` }).click();
      const early = (await page.getByTestId(`${type}-signature`).textContent()) as Hex;
      expect(await publicClient.verifyMessage({ address, message: "hello account", signature: early })).toBe(true);

      const clicked = performance.now();
      await page.getByRole("button", { name: `Send sponsored ${type}` }).click();
      const tx = (await page.getByTestId(`${type}-tx`).textContent({ timeout: 30_000 })) as Hex;
      timings[`${type}ClickToReceiptMs`] = Math.round(performance.now() - clicked);
      const receipt = await publicClient.getTransactionReceipt({ hash: tx });
      expect(receipt.status).toBe("success");
      expect(await publicClient.getCode({ address })).toBeTruthy();
      expect(await publicClient.getBalance({ address })).toBe(0n); // the paymaster paid

      await page.getByRole("button", { name: `Send batch ${type}` }).click();
      const batchTx = (await page.getByTestId(`${type}-batch-tx`).textContent({ timeout: 30_000 })) as Hex;
      expect((await publicClient.getTransactionReceipt({ hash: batchTx })).status).toBe("success");
    }
    // useSmartAccountClient({ type, accountParams }): another salt is another account of the same owner.
    const salted = await page.getByTestId("salted-address").filter({ hasText: /^0x/ }).textContent();
    expect(salted).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(salted).not.toBe(await page.getByTestId("LightAccount-address").textContent());
    expect(watch.errors).toEqual([]);
    expect(watch.offLoopback).toEqual([]);
    await page.close();
  });
});
