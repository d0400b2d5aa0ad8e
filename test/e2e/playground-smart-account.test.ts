// The playground's smart account on the devnet, on free ports (the playground is told where, as
// npm start tells it its fixed ones), so it runs beside a local `npm start`.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { createPublicClient, http, type Address, type Hex } from "viem";
import { startServer } from "../../server/index";
import { startDevnet } from "../../server/devnet/index";
import { launchChromium, watchPage } from "./support/chromium";
import { startPlayground, type PlaygroundServer } from "./support/playground";
import { enterEmailCode } from "./support/sign-in";

let browser: Browser;
let emulator: Awaited<ReturnType<typeof startServer>>;
let devnet: Awaited<ReturnType<typeof startDevnet>>;
let playground: PlaygroundServer;

beforeAll(async () => {
  devnet = await startDevnet({ port: 0 });
  emulator = await startServer({ memory: true, port: 0 });
  [browser, playground] = await Promise.all([launchChromium(), startPlayground(emulator.url, { devnet })]);
});
afterAll(async () => {
  await browser?.close();
  await playground?.close();
  await emulator?.stop();
  await devnet?.stop();
});

describe("the playground's smart account", () => {
  it("shows the address and balance, sends a sponsored user operation and a test transaction that pays its own gas", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    const watch = watchPage(page);
    await page.goto(`${playground.url}/?sections=email&emailMode=otp&smartAccount=LightAccount`);
    await page.getByTestId("status").filter({ hasText: /^DISCONNECTED$/ }).waitFor();
    await enterEmailCode(page, emulator.url, `pg-sa-${Date.now()}@example.com`, { scope: page.getByRole("dialog") });
    await page.getByTestId("status").filter({ hasText: /^CONNECTED$/ }).waitFor();
    await page.getByRole("dialog").waitFor({ state: "detached" });
    const address = (await page.getByTestId("smart-account-address").filter({ hasText: /^0x/ }).textContent({ timeout: 20_000 })) as Address;
    const chain = createPublicClient({ transport: http(devnet.rpcUrl) });
    expect(await page.getByTestId("smart-account-balance").textContent()).toBe("0 ETH");

    await page.getByRole("button", { name: "Send a user operation" }).click();
    const sponsored = page.getByTestId("user-operation").getByRole("definition").nth(1);
    const sponsoredTx = (await sponsored.filter({ hasText: /^0x/ }).textContent({ timeout: 20_000 })) as Hex;
    expect((await chain.getTransactionReceipt({ hash: sponsoredTx })).status).toBe("success");
    expect(await chain.getBalance({ address })).toBe(0n);

    await page.getByRole("button", { name: "Add 1 ETH (devnet)" }).click();
    await page.getByTestId("smart-account-balance").filter({ hasText: /^1 ETH$/ }).waitFor();
    await page.getByRole("button", { name: "Send a test transaction (pays its own gas)" }).click();
    const selfPaidTx = (await page.getByTestId("self-paid-transaction").getByRole("definition").textContent({ timeout: 20_000 })) as Hex;
    expect((await chain.getTransactionReceipt({ hash: selfPaidTx })).status).toBe("success");
    const after = await chain.getBalance({ address });
    expect(after).toBeLessThan(10n ** 18n - 1n); // the value sent plus the gas it paid
    expect(after).toBeGreaterThan(10n ** 17n);
    expect(watch.errors).toEqual([]);
    expect(watch.offLoopback).toEqual([]);
    await page.close();
  });
});
