// The local Solana JSON-RPC endpoint with a real client (@solana/kit): airdrop, transfers (legacy and
// v0), statuses, subscriptions, preflight errors, and the fee-payer method.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  appendTransactionMessageInstruction,
  compileTransaction,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase58Decoder,
  getBase64Decoder,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getSignatureFromTransaction,
  getTransactionDecoder,
  getTransactionEncoder,
  isSolanaError,
  lamports,
  partiallySignTransaction,
  pipe,
  sendAndConfirmTransactionFactory,
  setTransactionMessageFeePayer,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Address,
  type KeyPairSigner,
  type Rpc,
  type RpcSubscriptions,
  type SolanaRpcApi,
  type SolanaRpcSubscriptionsApi,
  type Transaction,
} from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import { startSolanaRpc, DEFAULT_SOLANA_POLICY_ID, FEE_PAYER_METHOD, LOCALNET_GENESIS_HASH, type RunningSolanaRpc } from "../../server/solana/index";

const SOL = 1_000_000_000n;
let node: RunningSolanaRpc;
let rpc: Rpc<SolanaRpcApi>;

beforeAll(async () => {
  node = await startSolanaRpc({ port: 0 });
  rpc = createSolanaRpc(node.url) as Rpc<SolanaRpcApi>;
});
afterAll(() => node?.stop());

async function funded(amount = 2n * SOL): Promise<KeyPairSigner> {
  const signer = await generateKeyPairSigner();
  await rpc.requestAirdrop(signer.address, lamports(amount)).send();
  return signer;
}

async function transfer(from: KeyPairSigner, to: Address, amount: bigint, version: 0 | "legacy" = 0) {
  const { value: blockhash } = await rpc.getLatestBlockhash().send();
  return signTransactionMessageWithSigners(
    pipe(
      createTransactionMessage({ version }),
      (m) => setTransactionMessageFeePayerSigner(from, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
      (m) => appendTransactionMessageInstruction(getTransferSolInstruction({ source: from, destination: to, amount }), m),
    ),
  );
}

/** JSON-RPC over fetch, for the fee-payer method and error shapes. */
async function call(method: string, params: unknown): Promise<{ result?: any; error?: { code: number; message: string; data?: any } }> {
  const response = await fetch(node.url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });
  return response.json();
}

describe("local Solana RPC", () => {
  it("starts on a loopback URL with a localnet genesis hash and answers the cluster reads", async () => {
    expect(node.url).toMatch(/^http:\/\/localhost:\d+$/);
    expect(node.startMs).toBeLessThan(2000);
    expect(await rpc.getGenesisHash().send()).toBe(LOCALNET_GENESIS_HASH);
    expect((await rpc.getVersion().send())["solana-core"]).toBeTruthy();
    expect(await rpc.getHealth().send()).toBe("ok");
    expect(await rpc.getMinimumBalanceForRentExemption(0n).send()).toBe(890880n);
    const slot = await rpc.getSlot().send();
    const height = await rpc.getBlockHeight().send();
    expect(slot).toBeGreaterThan(0n);
    expect(height).toBeGreaterThan(0n);
    const { value } = await rpc.getLatestBlockhash().send();
    expect(value.lastValidBlockHeight).toBe(height + 150n);
    expect((await rpc.isBlockhashValid(value.blockhash).send()).value).toBe(true);
    // The fee payer was funded at start.
    expect((await rpc.getBalance(node.feePayer).send()).value).toBe(1000n * SOL);
  });

  it("airdrops, transfers (v0 and legacy), reports statuses, accounts and a new block per transaction", async () => {
    const alice = await funded(2n * SOL);
    const bob = await generateKeyPairSigner();
    expect((await rpc.getBalance(alice.address).send()).value).toBe(2n * SOL);
    const heightBefore = await rpc.getBlockHeight().send();

    for (const version of [0, "legacy"] as const) {
      const tx = await transfer(alice, bob.address, SOL / 10n, version);
      const signature = await rpc.sendTransaction(getBase64EncodedWireTransaction(tx), { encoding: "base64" }).send();
      expect(signature).toBe(getSignatureFromTransaction(tx));
      const { value } = await rpc.getSignatureStatuses([signature]).send();
      expect(value[0]).toMatchObject({ err: null, confirmationStatus: "finalized" });
      const fetched = await rpc.getTransaction(signature, { encoding: "base64", maxSupportedTransactionVersion: 0 }).send();
      expect(fetched?.version).toBe(version);
      expect(fetched?.meta?.fee).toBe(5000n);
    }
    expect(await rpc.getBlockHeight().send()).toBe(heightBefore + 2n);
    expect((await rpc.getBalance(bob.address).send()).value).toBe(SOL / 5n);
    expect((await rpc.getBalance(alice.address).send()).value).toBe(2n * SOL - SOL / 5n - 10_000n);
    const account = await rpc.getAccountInfo(bob.address, { encoding: "base64" }).send();
    expect(account.value).toMatchObject({ lamports: SOL / 5n, owner: "11111111111111111111111111111111", executable: false, space: 0n });
    expect((await rpc.getAccountInfo((await generateKeyPairSigner()).address, { encoding: "base64" }).send()).value).toBeNull();
    expect((await rpc.getSignatureStatuses(["1111111111111111111111111111111111111111111111111111111111111111" as never]).send()).value).toEqual([null]);
  });

  it("accepts a blockhash from earlier blocks, refuses a duplicate and an unknown blockhash", async () => {
    const alice = await funded();
    const bob = await generateKeyPairSigner();
    const early = await transfer(alice, bob.address, 1_000_000n);
    const other = await transfer(alice, bob.address, 2_000_000n); // same blockhash
    await rpc.sendTransaction(getBase64EncodedWireTransaction(early), { encoding: "base64" }).send();
    await rpc.sendTransaction(getBase64EncodedWireTransaction(other), { encoding: "base64" }).send(); // a block later
    const duplicate = await call("sendTransaction", [getBase64EncodedWireTransaction(early), { encoding: "base64" }]);
    expect(duplicate.error?.code).toBe(-32002);
    expect(duplicate.error?.data.err).toBe("AlreadyProcessed");

    const { value: blockhash } = await rpc.getLatestBlockhash().send();
    const stale = await signTransactionMessageWithSigners(
      pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayerSigner(alice, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash({ ...blockhash, blockhash: getBase58Decoder().decode(crypto.getRandomValues(new Uint8Array(32))) as never }, m),
        (m) => appendTransactionMessageInstruction(getTransferSolInstruction({ source: alice, destination: bob.address, amount: 1n }), m),
      ),
    );
    const refused = await call("sendTransaction", [getBase64EncodedWireTransaction(stale), { encoding: "base64" }]);
    expect(refused.error).toMatchObject({ code: -32002, message: "Transaction simulation failed: Blockhash not found" });
  });

  it("simulates, and fails preflight with the program's logs; with skipPreflight the failure lands and charges the fee", async () => {
    const alice = await funded(SOL);
    const bob = await generateKeyPairSigner();
    const tooMuch = await transfer(alice, bob.address, 5n * SOL);
    const simulated = await rpc.simulateTransaction(getBase64EncodedWireTransaction(tooMuch), { encoding: "base64", sigVerify: true }).send();
    expect(simulated.value.err).toEqual({ InstructionError: [0n, { Custom: 1n }] });
    expect(simulated.value.logs?.join("\n")).toContain("insufficient lamports");

    await expect(rpc.sendTransaction(getBase64EncodedWireTransaction(tooMuch), { encoding: "base64" }).send()).rejects.toSatisfy(
      (e: unknown) => isSolanaError(e) && /custom program error: 0x1/.test((e as Error).message + JSON.stringify((e as { context?: unknown }).context, (_, v) => (typeof v === "bigint" ? String(v) : v))),
    );
    expect((await rpc.getBalance(alice.address).send()).value).toBe(SOL);

    const signature = await rpc.sendTransaction(getBase64EncodedWireTransaction(tooMuch), { encoding: "base64", skipPreflight: true }).send();
    const { value } = await rpc.getSignatureStatuses([signature]).send();
    expect(value[0]?.err).toEqual({ InstructionError: [0n, { Custom: 1n }] });
    expect((await rpc.getBalance(alice.address).send()).value).toBe(SOL - 5000n);

    // An unsigned transaction simulates without sigVerify, with a replaced blockhash.
    const { value: blockhash } = await rpc.getLatestBlockhash().send();
    const unsigned = compileTransaction(
      pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayer(alice.address, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
        (m) => appendTransactionMessageInstruction(getTransferSolInstruction({ source: alice, destination: bob.address, amount: SOL / 100n }), m),
      ),
    );
    const dry = await rpc.simulateTransaction(getBase64EncodedWireTransaction(unsigned), { encoding: "base64", replaceRecentBlockhash: true }).send();
    expect(dry.value.err).toBeNull();
    expect(dry.value.unitsConsumed).toBeGreaterThan(0n);
    const unsignedSend = await call("sendTransaction", [getBase64EncodedWireTransaction(unsigned), { encoding: "base64" }]);
    expect(unsignedSend.error?.code).toBe(-32003);
  });

  it("confirms through subscriptions with the kit's sendAndConfirmTransaction (signatureSubscribe, slotSubscribe)", async () => {
    const alice = await funded();
    const bob = await generateKeyPairSigner();
    const rpcSubscriptions = createSolanaRpcSubscriptions(node.wsUrl) as RpcSubscriptions<SolanaRpcSubscriptionsApi>;
    const sendAndConfirm = sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions });
    const tx = await transfer(alice, bob.address, 1_234_567n);
    await sendAndConfirm(tx as Parameters<typeof sendAndConfirm>[0], { commitment: "confirmed" });
    expect((await rpc.getBalance(bob.address).send()).value).toBe(1_234_567n);
  });

  it("answers CORS preflights for any requested header and serves GET /health", async () => {
    const preflight = await fetch(node.url, {
      method: "OPTIONS",
      headers: { origin: "http://localhost:5173", "access-control-request-method": "POST", "access-control-request-headers": "content-type,solana-client,x-anything" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    expect(preflight.headers.get("access-control-allow-headers")).toBe("content-type,solana-client,x-anything");
    expect(await (await fetch(`${node.url}/health`)).text()).toBe("ok");
    expect((await call("noSuchMethod", [])).error?.code).toBe(-32601);
    const batch = await (await fetch(node.url, { method: "POST", body: JSON.stringify([{ jsonrpc: "2.0", id: 1, method: "getSlot" }, { jsonrpc: "2.0", id: 2, method: "getHealth" }]) })).json();
    expect(batch.map((r: { id: number }) => r.id)).toEqual([1, 2]);
  });
});

describe(`fee payer (${FEE_PAYER_METHOD})`, () => {
  async function unsignedTransfer(from: Address, to: Address, amount: bigint, version: 0 | "legacy" = 0): Promise<Transaction> {
    const { value: blockhash } = await rpc.getLatestBlockhash().send();
    const source = { address: from } as KeyPairSigner; // the instruction only needs the address
    return compileTransaction(
      pipe(
        createTransactionMessage({ version }),
        (m) => setTransactionMessageFeePayer(from, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
        (m) => appendTransactionMessageInstruction(getTransferSolInstruction({ source, destination: to, amount }), m),
      ),
    );
  }
  const toBase64 = (tx: Transaction) => getBase64Decoder().decode(getTransactionEncoder().encode(tx));
  const fromBase64 = (b64: string) => getTransactionDecoder().decode(getBase64Encoder().encode(b64));

  for (const version of [0, "legacy"] as const) {
    it(`co-signs as fee payer under the policy; the user's balance changes by the amount only (${version})`, async () => {
      const user = await funded(SOL);
      const recipient = await generateKeyPairSigner();
      const before = { user: (await rpc.getBalance(user.address).send()).value, payer: (await rpc.getBalance(node.feePayer).send()).value };
      const answer = await call(FEE_PAYER_METHOD, [{ policyId: DEFAULT_SOLANA_POLICY_ID, serializedTransaction: toBase64(await unsignedTransfer(user.address, recipient.address, 2_500_000n, version)) }]);
      expect(answer.error).toBeUndefined();
      const sponsored = fromBase64(answer.result.serializedTransaction);
      const message = getCompiledTransactionMessageDecoder().decode(sponsored.messageBytes);
      expect(message.version).toBe(version);
      expect(message.staticAccounts[0]).toBe(node.feePayer);
      expect(Object.keys(sponsored.signatures)).toEqual([node.feePayer, user.address]);
      expect(sponsored.signatures[node.feePayer]).toBeTruthy();
      expect(sponsored.signatures[user.address]).toBeNull();

      const signed = await partiallySignTransaction([user.keyPair], sponsored);
      const signature = await rpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: "base64" }).send();
      expect((await rpc.getSignatureStatuses([signature]).send()).value[0]?.err).toBeNull();
      expect((await rpc.getBalance(recipient.address).send()).value).toBe(2_500_000n);
      expect((await rpc.getBalance(user.address).send()).value).toBe(before.user - 2_500_000n);
      expect((await rpc.getBalance(node.feePayer).send()).value).toBe(before.payer - 10_000n); // two signatures
    });
  }

  it("refuses an unknown policy, bad params, and a transaction that uses the fee payer in an instruction", async () => {
    const user = await funded(SOL);
    const serializedTransaction = toBase64(await unsignedTransfer(user.address, node.feePayer, 1n));
    const unknown = await call(FEE_PAYER_METHOD, [{ policyId: "not-a-policy", serializedTransaction }]);
    expect(unknown.error).toMatchObject({ code: -32001 });
    expect(unknown.error?.message).toContain("Unknown policy: not-a-policy");
    expect((await call(FEE_PAYER_METHOD, [{ policyId: DEFAULT_SOLANA_POLICY_ID }])).error?.code).toBe(-32602);
    expect((await call(FEE_PAYER_METHOD, [{ policyId: DEFAULT_SOLANA_POLICY_ID, serializedTransaction: "AAAA" }])).error?.code).toBe(-32602);
    // Draining the sponsor: a transfer out of the fee payer's account.
    const drain = toBase64(await unsignedTransfer(node.feePayer, user.address, SOL));
    const refused = await call(FEE_PAYER_METHOD, [{ policyId: DEFAULT_SOLANA_POLICY_ID, serializedTransaction: drain }]);
    expect(refused.error?.message).toContain("may not be used by the transaction's instructions");
    // The recipient being the fee payer is also an instruction account: refused.
    const toPayer = await call(FEE_PAYER_METHOD, [{ policyId: DEFAULT_SOLANA_POLICY_ID, serializedTransaction }]);
    expect(toPayer.error?.code).toBe(-32001);
  });

  it("takes other policy ids when configured", async () => {
    const other = await startSolanaRpc({ port: 0, policyIds: ["custom-policy"] });
    try {
      const otherRpc = createSolanaRpc(other.url);
      const user = await generateKeyPairSigner();
      const recipient = await generateKeyPairSigner();
      const { value: blockhash } = await otherRpc.getLatestBlockhash().send();
      const tx = compileTransaction(
        pipe(
          createTransactionMessage({ version: 0 }),
          (m) => setTransactionMessageFeePayer(user.address, m),
          (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
          (m) => appendTransactionMessageInstruction(getTransferSolInstruction({ source: user, destination: recipient.address, amount: 1n }), m),
        ),
      );
      const body = (policyId: string) => JSON.stringify({ jsonrpc: "2.0", id: 1, method: FEE_PAYER_METHOD, params: [{ policyId, serializedTransaction: toBase64(tx) }] });
      const ok = await (await fetch(other.url, { method: "POST", body: body("custom-policy") })).json();
      expect(ok.result.serializedTransaction).toBeTypeOf("string");
      const refused = await (await fetch(other.url, { method: "POST", body: body(DEFAULT_SOLANA_POLICY_ID) })).json();
      expect(refused.error.code).toBe(-32001);
    } finally {
      await other.stop();
    }
  });
});

describe("server/solana/cli.ts", () => {
  it("prints its URLs and fee payer as JSON, serves, and stops on SIGTERM", async () => {
    const root = fileURLToPath(new URL("../../", import.meta.url));
    const child = spawn(process.execPath, [join(root, "node_modules/tsx/dist/cli.mjs"), "server/solana/cli.ts", "--port", "0", "--json"], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    const deadline = Date.now() + 20_000;
    while (!output.includes("\n") && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const info = JSON.parse(output.trim()) as { url: string; feePayer: string; policyIds: string[] };
    expect(info.feePayer).toBe(node.feePayer); // the same fixed key on every start
    expect(info.policyIds).toEqual([DEFAULT_SOLANA_POLICY_ID]);
    expect(await createSolanaRpc(info.url).getHealth().send()).toBe("ok");
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
  });
});
