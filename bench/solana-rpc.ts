// `npx tsx bench/solana-rpc.ts [--n 200]`: the local Solana RPC's start (first in a process, with
// litesvm's native module loading, then again) and per-request latency over HTTP with a
// @solana/kit client: airdrop, send (preflight + execute), statuses, the fee-payer method, and
// a sponsored transfer end to end. Writes bench/results/solana-rpc.json.
import { mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import {
  compileTransaction,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64Decoder,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getTransactionDecoder,
  getTransactionEncoder,
  lamports,
  partiallySignTransaction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  appendTransactionMessageInstruction,
  type Rpc,
  type SolanaRpcApi,
} from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";

const root = fileURLToPath(new URL("../", import.meta.url));
const nIndex = process.argv.indexOf("--n");
const N = nIndex === -1 ? 200 : Number(process.argv[nIndex + 1]);

let t = performance.now();
const { startSolanaRpc, DEFAULT_SOLANA_POLICY_ID, FEE_PAYER_METHOD } = await import("../server/solana/index");
const importMs = performance.now() - t;
t = performance.now();
const first = await startSolanaRpc({ port: 0 });
const coldStartMs = performance.now() - t;
await first.stop();
const warm: number[] = [];
for (let i = 0; i < 5; i++) {
  t = performance.now();
  const again = await startSolanaRpc({ port: 0 });
  warm.push(performance.now() - t);
  await again.stop();
}

const node = await startSolanaRpc({ port: 0 });
const rpc = createSolanaRpc(node.url) as Rpc<SolanaRpcApi>;
const stats = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => +sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(2);
  return { n: samples.length, meanMs: +(samples.reduce((a, b) => a + b, 0) / samples.length).toFixed(2), p50Ms: at(0.5), p95Ms: at(0.95), maxMs: at(1) };
};
const timed = async (samples: number[], fn: () => Promise<unknown>) => {
  const started = performance.now();
  await fn();
  samples.push(performance.now() - started);
};

const user = await generateKeyPairSigner();
const recipient = (await generateKeyPairSigner()).address;
const samples = { airdrop: [] as number[], send: [] as number[], statuses: [] as number[], feePayer: [] as number[], sponsoredEndToEnd: [] as number[] };
for (let i = 0; i < 10; i++) await timed(samples.airdrop, () => rpc.requestAirdrop(user.address, lamports(100_000_000_000n)).send());

async function unsignedTransfer(amount: bigint) {
  const { value } = await rpc.getLatestBlockhash().send();
  return compileTransaction(
    pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayer(user.address, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(value, m),
      (m) => appendTransactionMessageInstruction(getTransferSolInstruction({ source: user, destination: recipient, amount }), m),
    ),
  );
}

for (let i = 0; i < N; i++) {
  const signed = await partiallySignTransaction([user.keyPair], await unsignedTransfer(1_000_000n + BigInt(i)));
  let signature = "";
  await timed(samples.send, async () => {
    signature = await rpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: "base64" }).send();
  });
  await timed(samples.statuses, () => rpc.getSignatureStatuses([signature as never]).send());
}

const feePayerCall = async (serializedTransaction: string) => {
  const response = await fetch(node.url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: FEE_PAYER_METHOD, params: [{ policyId: DEFAULT_SOLANA_POLICY_ID, serializedTransaction }] }),
  });
  return ((await response.json()) as { result: { serializedTransaction: string } }).result.serializedTransaction;
};
for (let i = 0; i < N; i++) {
  const started = performance.now();
  const unsigned = await unsignedTransfer(2_000_000n + BigInt(i));
  const b64 = getBase64Decoder().decode(getTransactionEncoder().encode(unsigned));
  let sponsored = "";
  await timed(samples.feePayer, async () => (sponsored = await feePayerCall(b64)));
  const signed = await partiallySignTransaction([user.keyPair], getTransactionDecoder().decode(getBase64Encoder().encode(sponsored)));
  const signature = await rpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: "base64" }).send();
  await rpc.getSignatureStatuses([signature]).send();
  samples.sponsoredEndToEnd.push(performance.now() - started);
}
await node.stop();

const results = {
  measuredAt: new Date().toISOString(),
  node: process.version,
  importMs: +importMs.toFixed(1),
  coldStartMs: +coldStartMs.toFixed(1),
  warmStartMs: stats(warm),
  requests: Object.fromEntries(Object.entries(samples).map(([name, s]) => [name, stats(s)])),
};
console.log(JSON.stringify(results, null, 2));
mkdirSync(`${root}bench/results`, { recursive: true });
writeFileSync(`${root}bench/results/solana-rpc.json`, JSON.stringify(results, null, 2));
