// Solana for an embedded (email) user in Chromium, against the emulator and the local Solana RPC:
// the message signature verifies against the user's solanaAddress; a sponsored SOL transfer lands
// (the recipient gets the amount, the user pays no fee); a self-paid one charges the fee; v0 and
// legacy transactions sign.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { ed25519 } from "@noble/curves/ed25519.js";
import { base58 } from "@scure/base";
import {
  createSolanaRpc,
  generateKeyPairSigner,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  lamports,
  type Address,
  type Rpc,
  type Signature,
  type SolanaRpcApi,
} from "@solana/kit";
import { startServer } from "../../server/index";
import { startSolanaRpc, type RunningSolanaRpc } from "../../server/solana/index";
import { launchChromium, watchPage } from "./support/chromium";
import { startPageServer, type PageServer } from "./support/page-server";
import { enterEmailCode } from "./support/sign-in";

const SOL = 1_000_000_000n;
const AMOUNT = 10_000_000n;
let browser: Browser;
let emulator: Awaited<ReturnType<typeof startServer>>;
let solana: RunningSolanaRpc;
let rpc: Rpc<SolanaRpcApi>;
let server: PageServer;
const timings: Record<string, number> = {};

beforeAll(async () => {
  solana = await startSolanaRpc({ port: 0 });
  timings.solanaRpcStartMs = solana.startMs;
  rpc = createSolanaRpc(solana.url) as Rpc<SolanaRpcApi>;
  [emulator, browser, server] = await Promise.all([startServer({ memory: true, port: 0 }), launchChromium(), startPageServer(["solana"])]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await emulator?.stop();
  await solana?.stop();
  console.log("solana embedded e2e timings", timings);
});

const balance = async (address: Address) => (await rpc.getBalance(address).send()).value;

async function signIn(page: Page, recipient: Address) {
  const query = new URLSearchParams({ emulator: emulator.url, solana: solana.url, to: recipient });
  await page.goto(`${server.url}/solana?${query}`);
  await page.getByTestId("status").filter({ hasText: /^DISCONNECTED$/ }).waitFor();
  await enterEmailCode(page, emulator.url, `solana-${Date.now()}@example.com`);
  await page.getByTestId("status").filter({ hasText: /^CONNECTED$/ }).waitFor();
  // The success screen closes the dialog after 1 s (spec §9); until then it covers the page.
  await page.getByRole("dialog").waitFor({ state: "hidden" });
}

function decodeSigned(base64: string) {
  const transaction = getTransactionDecoder().decode(getBase64Encoder().encode(base64));
  return { transaction, message: getCompiledTransactionMessageDecoder().decode(transaction.messageBytes) };
}

describe("Solana for an embedded user, from the browser", () => {
  it("signs a message, sends a sponsored and a self-paid transfer on the local RPC, signs v0 and legacy transactions", async () => {
    const started = performance.now();
    const page = await browser.newPage();
    const watch = watchPage(page);
    const recipient = (await generateKeyPairSigner()).address;
    await signIn(page, recipient);
    timings.signInMs = Math.round(performance.now() - started);

    const address = (await page.getByTestId("solana-address").textContent()) as Address;
    expect(base58.decode(address)).toHaveLength(32);
    await expect.poll(() => page.getByTestId("solana-network").textContent()).toBe("localnet solana:localnet");

    // A message signature, verified with ed25519 against the user's solanaAddress.
    let clicked = performance.now();
    await page.getByRole("button", { name: "Sign Solana message" }).click();
    const signature = (await page.getByTestId("solana-message-signature").textContent())!;
    timings.signMessageMs = Math.round(performance.now() - clicked);
    expect(signature).toMatch(/^0x[0-9a-f]{128}$/);
    const signatureBytes = Uint8Array.from(Buffer.from(signature.slice(2), "hex"));
    expect(ed25519.verify(signatureBytes, new TextEncoder().encode("hello solana"), base58.decode(address))).toBe(true);

    // Funds for the user, then a sponsored transfer: the recipient gets the amount, the user pays no fee.
    await rpc.requestAirdrop(address, lamports(SOL)).send();
    const before = { user: await balance(address), payer: await balance(solana.feePayer) };
    expect(before.user).toBe(SOL);
    clicked = performance.now();
    await page.getByRole("button", { name: "Send sponsored transfer" }).click();
    const sponsoredHash = (await page.getByTestId("solana-sponsored-tx").textContent({ timeout: 20_000 })) as Signature;
    timings.sponsoredClickToConfirmedMs = Math.round(performance.now() - clicked);
    const status = (await rpc.getSignatureStatuses([sponsoredHash]).send()).value[0];
    expect(status?.err).toBeNull();
    expect(await balance(recipient)).toBe(AMOUNT);
    expect(await balance(address)).toBe(before.user - AMOUNT);
    expect(await balance(solana.feePayer)).toBe(before.payer - 10_000n); // two signatures, paid by the sponsor
    const landed = await rpc.getTransaction(sponsoredHash, { encoding: "base64", maxSupportedTransactionVersion: 0 }).send();
    expect(landed?.version).toBe(0);

    // Without a policy the user pays the fee (5000 lamports for one signature).
    clicked = performance.now();
    await page.getByRole("button", { name: "Send transfer paying the fee" }).click();
    await page.getByTestId("solana-self-paid-tx").waitFor({ timeout: 20_000 });
    timings.selfPaidClickToConfirmedMs = Math.round(performance.now() - clicked);
    expect(await balance(recipient)).toBe(2n * AMOUNT);
    expect(await balance(address)).toBe(before.user - 2n * AMOUNT - 5000n);

    // v0 and legacy transactions sign; the signature verifies over the message bytes.
    for (const [button, testId, version] of [
      ["Sign v0 transaction", "solana-signed-v0", 0],
      ["Sign legacy transaction", "solana-signed-legacy", "legacy"],
    ] as const) {
      await page.getByRole("button", { name: button }).click();
      const { transaction, message } = decodeSigned((await page.getByTestId(testId).textContent())!);
      expect(message.version).toBe(version);
      expect(message.staticAccounts[0]).toBe(address);
      const userSignature = transaction.signatures[address];
      expect(userSignature).toBeTruthy();
      expect(ed25519.verify(userSignature!, transaction.messageBytes as unknown as Uint8Array, base58.decode(address))).toBe(true);
    }

    expect(await page.getByRole("alert").count()).toBe(0);
    expect(watch.errors).toEqual([]);
    expect(watch.offLoopback).toEqual([]);
    timings.totalMs = Math.round(performance.now() - started);
    await page.close();
  });

  it("shows the policy refusal when the sponsorship policy is unknown, and no funds move", async () => {
    const page = await browser.newPage();
    const recipient = (await generateKeyPairSigner()).address;
    const query = new URLSearchParams({ emulator: emulator.url, solana: solana.url, to: recipient, policy: "unknown-policy" });
    await signIn(page, recipient);
    await page.goto(`${server.url}/solana?${query}`); // same session, another policy
    await page.getByTestId("status").filter({ hasText: /^CONNECTED$/ }).waitFor();
    const address = (await page.getByTestId("solana-address").textContent()) as Address;
    await rpc.requestAirdrop(address, lamports(SOL)).send();
    await page.getByRole("button", { name: "Send sponsored transfer" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toContain("Fee sponsorship refused: Unknown policy: unknown-policy");
    expect(await balance(recipient)).toBe(0n);
    expect(await balance(address)).toBe(SOL);
    await page.close();
  });
});
