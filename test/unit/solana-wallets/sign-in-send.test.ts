// Sign in with Solana and sending through a wallet-standard wallet, against fake wallets with a real
// ed25519 key: the answer verified (tampered message / signature refused), the signMessage fallback,
// signAndSendTransaction preferred, else signed by the wallet and sent by the plugin's endpoint.
import { afterEach, describe, expect, it, vi } from "vitest";
import { ed25519 } from "@noble/curves/ed25519.js";
import { base58 } from "@scure/base";
import {
  address as toAddress,
  appendTransactionMessageInstruction,
  compileTransaction,
  createTransactionMessage,
  getBase64Encoder,
  getTransactionDecoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Blockhash,
} from "@solana/kit";
import { createSignInMessageText } from "@solana/wallet-standard-util";
import type { SolanaSignInInput } from "@solana/wallet-standard-features";
import { createKit } from "latch-kit";
import { getSolanaWallets, sendSolanaWalletTransaction, signInWithSolana, signSolanaMessage, solana } from "latch-kit/plugins/solana";
import { transferSolInstruction } from "latch-kit/plugins/solana-embedded";
import type { WalletEntry } from "../../../lib/wallets/index";
import { fakeStandardWallet, type FakeStandardWalletOptions } from "./fake-standard-wallet";

let n = 0;
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const secretKey = ed25519.utils.randomSecretKey();
const publicKey = ed25519.getPublicKey(secretKey);
const address = base58.encode(publicKey);
const RPC = "http://127.0.0.1:8899";

async function connectedKit(features: (account: { address: string; publicKey: Uint8Array }) => FakeStandardWalletOptions["features"]) {
  n++;
  const name = `Session Sol ${n}`;
  const fake = fakeStandardWallet(name, address, { publicKey, features: features({ address, publicKey }) });
  const kit = createKit({ id: `s${n}`, plugins: [solana({ chain: "solana:devnet", rpcUrl: RPC })] });
  await kit.start();
  fake.register();
  await getSolanaWallets(kit).connect({ key: `svm:svm:${name}`, source: "svm", chain: "svm", id: name, name } as WalletEntry);
  expect(kit.getStatus()).toBe("CONNECTED");
  return { kit, fake };
}

const realSignMessage = {
  version: "1.0.0",
  signMessage: async (...inputs: Array<{ message: Uint8Array }>) => inputs.map((i) => ({ signedMessage: i.message, signature: ed25519.sign(i.message, secretKey) })),
};

/** A signIn feature signing the text of the input with the key; `tamper` changes its answer. */
const signInFeature = (calls: SolanaSignInInput[], tamper?: "signature" | "message") => ({
  version: "1.0.0",
  signIn: async (...inputs: SolanaSignInInput[]) =>
    inputs.map((input) => {
      calls.push(input);
      const text = createSignInMessageText({ ...input, domain: input.domain ?? "wallet-filled.example", address: input.address ?? address });
      const signedMessage = new TextEncoder().encode(text);
      const signature = ed25519.sign(signedMessage, secretKey);
      if (tamper === "signature") signature[0]! ^= 1;
      const answer = tamper === "message" ? new TextEncoder().encode(text.replace("Nonce: abc", "Nonce: xyz")) : signedMessage;
      return { account: { address, publicKey, chains: ["solana:devnet"], features: [] }, signedMessage: answer, signature };
    }),
});

describe("sign in with Solana", () => {
  it("solana:signIn with the connected account's address; the answer verified and returned", async () => {
    const calls: SolanaSignInInput[] = [];
    const { kit } = await connectedKit(() => ({ "solana:signIn": signInFeature(calls) }));
    const output = await signInWithSolana(kit, { domain: "app.example", statement: "Sign in to Latch", nonce: "abc" });
    expect(calls).toEqual([{ domain: "app.example", statement: "Sign in to Latch", nonce: "abc", address }]);
    expect(new TextDecoder().decode(output.signedMessage)).toBe(
      `app.example wants you to sign in with your Solana account:\n${address}\n\nSign in to Latch\n\nNonce: abc`,
    );
    expect(ed25519.verify(output.signature, output.signedMessage, publicKey)).toBe(true);
  });

  it.each([
    ["signature", "The wallet's sign-in signature does not verify"],
    ["message", "The message the wallet signed does not match the sign-in request"],
  ] as const)("a tampered %s is refused with WalletSignInError", async (tamper, message) => {
    const { kit } = await connectedKit(() => ({ "solana:signIn": signInFeature([], tamper) }));
    await expect(signInWithSolana(kit, { domain: "app.example", nonce: "abc" })).rejects.toMatchObject({ name: "WalletSignInError", message });
  });

  it("without solana:signIn, the sign-in text is signed with solana:signMessage (domain: this page's host)", async () => {
    const { kit } = await connectedKit(() => ({ "solana:signMessage": realSignMessage }));
    const output = await signInWithSolana(kit, { statement: "hello" });
    expect(new TextDecoder().decode(output.signedMessage)).toBe(`${location.host} wants you to sign in with your Solana account:\n${address}\n\nhello`);
    expect(ed25519.verify(output.signature, output.signedMessage, publicKey)).toBe(true);
  });

  it("a wallet with neither feature says so; no wallet connected is WalletNotConnectedError", async () => {
    const { kit } = await connectedKit(() => ({ "solana:signMessage": null }));
    await expect(signInWithSolana(kit)).rejects.toMatchObject({ name: "WalletSignInError", message: "Connected wallet does not support sign in with Solana" });
    await kit.disconnect();
    await expect(signInWithSolana(kit)).rejects.toMatchObject({ name: "WalletNotConnectedError" });
  });
});

const legacyTransfer = () =>
  compileTransaction(
    pipe(
      createTransactionMessage({ version: "legacy" }),
      (m) => setTransactionMessageFeePayer(toAddress(address), m),
      (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: "EETubP5AKHgjPAhzPAFcb8BAY1hMH639CWCFTqi3hq1k" as Blockhash, lastValidBlockHeight: 200n }, m),
      (m) => appendTransactionMessageInstruction(transferSolInstruction({ source: toAddress(address), destination: toAddress("11111111111111111111111111111112"), amount: 5000 }), m),
    ),
  );

/** A JSON-RPC endpoint in a fetch stub: records the methods, answers send and statuses. */
function stubRpc(signature: string) {
  const calls: Array<{ method: string; params: unknown[] }> = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      expect(url).toBe(RPC);
      const { id, method, params } = JSON.parse(String(init.body));
      calls.push({ method, params });
      const result = method === "sendTransaction" ? signature : method === "getSignatureStatuses" ? { value: [{ err: null, confirmationStatus: "confirmed" }] } : null;
      return new Response(JSON.stringify({ jsonrpc: "2.0", id, result }), { headers: { "content-type": "application/json" } });
    }),
  );
  return calls;
}

describe("sending through the wallet", () => {
  it("solana:signAndSendTransaction when the wallet has it (chain from the config), then confirmed on the endpoint", async () => {
    const signature = new Uint8Array(64).fill(5);
    const inputs: unknown[] = [];
    const { kit, fake } = await connectedKit(() => ({
      "solana:signAndSendTransaction": {
        version: "1.0.0",
        supportedTransactionVersions: ["legacy", 0],
        signAndSendTransaction: async (...i: unknown[]) => (inputs.push(...i), [{ signature }]),
      },
    }));
    const rpc = stubRpc("unused");
    const result = await sendSolanaWalletTransaction(kit, legacyTransfer());
    expect(result).toEqual({ hash: base58.encode(signature), sentBy: "wallet" });
    expect(inputs).toMatchObject([{ chain: "solana:devnet", options: { commitment: "confirmed" } }]);
    expect(rpc.map((c) => c.method)).toEqual(["getSignatureStatuses"]);
    expect(fake.calls).not.toContain("signTransaction");
  });

  it("without it: signed with solana:signTransaction and sent by the endpoint (base64, preflight confirmed)", async () => {
    const { kit, fake } = await connectedKit(() => ({}));
    const rpc = stubRpc("sig111");
    const result = await sendSolanaWalletTransaction(kit, legacyTransfer());
    expect(result).toEqual({ hash: "sig111", sentBy: "rpc" });
    expect(fake.calls).toContain("signTransaction");
    expect(rpc.map((c) => c.method)).toEqual(["sendTransaction", "getSignatureStatuses"]);
    expect(rpc[0]!.params[1]).toEqual({ encoding: "base64", preflightCommitment: "confirmed" });
    const sent = getTransactionDecoder().decode(getBase64Encoder().encode(rpc[0]!.params[0] as string));
    expect(sent.signatures[toAddress(address)]).toEqual(new Uint8Array(64).fill(9)); // the fake wallet's signature
  });

  it("a failing endpoint is WalletSendTransactionError; no wallet connected is 'no solana address'", async () => {
    const { kit } = await connectedKit(() => ({}));
    vi.stubGlobal("fetch", vi.fn(async () => new Response("down", { status: 503 })));
    await expect(sendSolanaWalletTransaction(kit, legacyTransfer())).rejects.toMatchObject({ name: "WalletSendTransactionError" });
    await kit.disconnect();
    await expect(sendSolanaWalletTransaction(kit, legacyTransfer())).rejects.toMatchObject({ name: "WalletNotConnectedError", message: "no solana address" });
  });
});

describe("giving up (AbortSignal)", () => {
  const never = () => new Promise<never>(() => undefined);

  it("a wallet that never answers: aborting rejects signing, sign-in and sending at once with an AbortError", async () => {
    const { kit } = await connectedKit(() => ({
      "solana:signMessage": { version: "1.0.0", signMessage: never },
      "solana:signIn": { version: "1.0.0", signIn: never },
      "solana:signAndSendTransaction": { version: "1.0.0", supportedTransactionVersions: ["legacy", 0], signAndSendTransaction: never },
    }));
    for (const start of [
      (signal: AbortSignal) => signSolanaMessage(kit, "hello", { signal }),
      (signal: AbortSignal) => signInWithSolana(kit, undefined, { signal }),
      (signal: AbortSignal) => sendSolanaWalletTransaction(kit, legacyTransfer(), { signal }),
    ]) {
      const controller = new AbortController();
      const pending = start(controller.signal);
      controller.abort();
      await expect(pending).rejects.toMatchObject({ name: "AbortError" });
    }
  });

  it("aborting while the transaction is being confirmed stops polling the endpoint", async () => {
    const { kit } = await connectedKit(() => ({
      "solana:signAndSendTransaction": { version: "1.0.0", supportedTransactionVersions: ["legacy", 0], signAndSendTransaction: async () => [{ signature: new Uint8Array(64).fill(3) }] },
    }));
    const controller = new AbortController();
    let polls = 0;
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: string, init: RequestInit) => {
        const { id, method } = JSON.parse(String(init.body));
        if (method === "getSignatureStatuses" && ++polls === 2) controller.abort();
        const result = method === "getBlockHeight" ? 1 : { value: [null] }; // not seen yet, not expired
        return new Response(JSON.stringify({ jsonrpc: "2.0", id, result }), { headers: { "content-type": "application/json" } });
      }),
    );
    await expect(sendSolanaWalletTransaction(kit, legacyTransfer(), { signal: controller.signal, pollIntervalMs: 1 })).rejects.toMatchObject({ name: "AbortError" });
    const after = polls;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(polls).toBe(after);
  });

  it("aborting between two polls rejects at once, not after the poll interval", async () => {
    const { kit } = await connectedKit(() => ({
      "solana:signAndSendTransaction": { version: "1.0.0", supportedTransactionVersions: ["legacy", 0], signAndSendTransaction: async () => [{ signature: new Uint8Array(64).fill(4) }] },
    }));
    const controller = new AbortController();
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: string, init: RequestInit) => {
        const { id, method } = JSON.parse(String(init.body));
        // The first status answer arrives, then the app aborts while the loop waits for the next poll.
        if (method === "getSignatureStatuses") setTimeout(() => controller.abort(), 0);
        const result = method === "getBlockHeight" ? 1 : { value: [null] };
        return new Response(JSON.stringify({ jsonrpc: "2.0", id, result }), { headers: { "content-type": "application/json" } });
      }),
    );
    // A ten-minute interval: only an abort that interrupts the wait settles this within the test's time.
    await expect(sendSolanaWalletTransaction(kit, legacyTransfer(), { signal: controller.signal, pollIntervalMs: 600_000 })).rejects.toMatchObject({ name: "AbortError" });
  });
});
