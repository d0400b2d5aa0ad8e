// Split custody on chains, from the same public kit API: smart-account user operations (EVM) and
// Solana transfers signed in the frame. The server runs with LATCH_CUSTODY=split-required, so it
// signs for no wallet at all: every signature that verifies here came from the frame.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { createPublicClient, http, type Address as EvmAddress, type Hex } from "viem";
import { ed25519 } from "@noble/curves/ed25519.js";
import { base58 } from "@scure/base";
import { createSolanaRpc, generateKeyPairSigner, lamports, type Address, type Rpc, type Signature, type SolanaRpcApi } from "@solana/kit";
import { startServer, type RunningServer } from "../../server/index";
import { startDevnet } from "../../server/devnet/index";
import { startSolanaRpc, type RunningSolanaRpc } from "../../server/solana/index";
import { launchChromium, watchPage } from "./support/chromium";
import { startPageServer, type PageServer } from "./support/page-server";
import { enterEmailCode, uniqueEmail } from "./support/sign-in";

let browser: Browser;
let emulator: RunningServer;
let devnet: Awaited<ReturnType<typeof startDevnet>>;
let solana: RunningSolanaRpc;
let pages: PageServer;

beforeAll(async () => {
  [devnet, solana] = await Promise.all([startDevnet({ port: 0 }), startSolanaRpc({ port: 0 })]);
  [emulator, browser, pages] = await Promise.all([
    startServer({ memory: true, port: 0, checkAnswers: true, custody: "split-required" }),
    launchChromium(),
    startPageServer(["chain", "solana"]),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await pages?.close();
  await emulator?.stop();
  await devnet?.stop();
  await solana?.stop();
});

async function signIn(page: Page, url: string, email: string): Promise<void> {
  await page.goto(url);
  await page.getByTestId("status").filter({ hasText: /^DISCONNECTED$/ }).waitFor();
  await enterEmailCode(page, emulator.url, email);
  await page.getByTestId("status").filter({ hasText: /^CONNECTED$/ }).waitFor();
  await page.getByRole("dialog").waitFor({ state: "hidden" });
}

describe("split custody on chains (the server signs for no wallet)", () => {
  it("sends a sponsored user operation and signs with ERC-6492 from a LightAccount owned by a split wallet", async () => {
    const page = await browser.newPage();
    const watch = watchPage(page);
    const query = new URLSearchParams({ emulator: emulator.url, rpc: devnet.rpcUrl, bundler: devnet.bundlerUrl, paymaster: devnet.paymasterUrl });
    await signIn(page, `${pages.url}/chain?${query}`, uniqueEmail("split-chain"));
    const publicClient = createPublicClient({ transport: http(devnet.rpcUrl) });
    const address = (await page.getByTestId("LightAccount-address").textContent({ timeout: 20_000 })) as EvmAddress;
    await page.getByRole("button", { name: "Sign with LightAccount" }).click();
    const signature = (await page.getByTestId("LightAccount-signature").textContent({ timeout: 20_000 })) as Hex;
    expect(await publicClient.verifyMessage({ address, message: "hello account", signature })).toBe(true);
    await page.getByRole("button", { name: "Send sponsored LightAccount" }).click();
    const tx = (await page.getByTestId("LightAccount-tx").textContent({ timeout: 30_000 })) as Hex;
    expect((await publicClient.getTransactionReceipt({ hash: tx })).status).toBe("success");
    expect(watch.offLoopback).toEqual([]);
    await page.close();
  });

  it("signs a Solana message and sends a sponsored and a self-paid transfer from a split wallet", async () => {
    const page = await browser.newPage();
    const recipient = (await generateKeyPairSigner()).address;
    const query = new URLSearchParams({ emulator: emulator.url, solana: solana.url, to: recipient });
    await signIn(page, `${pages.url}/solana?${query}`, uniqueEmail("split-solana"));
    const address = (await page.getByTestId("solana-address").textContent()) as Address;
    await page.getByRole("button", { name: "Sign Solana message" }).click();
    const signature = (await page.getByTestId("solana-message-signature").textContent({ timeout: 20_000 }))!;
    expect(ed25519.verify(Buffer.from(signature.slice(2), "hex"), new TextEncoder().encode("hello solana"), base58.decode(address))).toBe(true);
    const rpc = createSolanaRpc(solana.url) as Rpc<SolanaRpcApi>;
    await rpc.requestAirdrop(address, lamports(1_000_000_000n)).send();
    await page.getByRole("button", { name: "Send sponsored transfer" }).click();
    const hash = (await page.getByTestId("solana-sponsored-tx").textContent({ timeout: 20_000 })) as Signature;
    expect((await rpc.getSignatureStatuses([hash]).send()).value[0]?.err).toBeNull();
    expect((await rpc.getBalance(recipient).send()).value).toBe(10_000_000n);
    // Without a sponsor the user's own signature pays the fee: a transaction signed in the frame lands too.
    const before = (await rpc.getBalance(address).send()).value;
    await page.getByRole("button", { name: "Send transfer paying the fee" }).click();
    const selfPaid = (await page.getByTestId("solana-self-paid-tx").textContent({ timeout: 20_000 })) as Signature;
    expect((await rpc.getSignatureStatuses([selfPaid]).send()).value[0]?.err).toBeNull();
    expect((await rpc.getBalance(recipient).send()).value).toBe(20_000_000n);
    expect((await rpc.getBalance(address).send()).value).toBe(before - 10_000_000n - 5000n);
    await page.close();
  });
});
