// Devnet benchmark: cold start (compile cache empty, then warm) and the time from "send" to the receipt of a
// sponsored user operation, per account type. Prints a table, writes bench/results/devnet.json.
// Usage: node bench/devnet.mjs [--runs N]
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { tsImport } from "tsx/esm/api";

const root = fileURLToPath(new URL("../", import.meta.url));
const runsFlag = process.argv.indexOf("--runs");
const runs = runsFlag === -1 ? 5 : Number(process.argv[runsFlag + 1]);

const devnetModule = await tsImport("../server/devnet/index.ts", import.meta.url);
const chain = await tsImport("../core/chain/index.ts", import.meta.url);
const { createPublicClient } = await import("viem");
const { generatePrivateKey, privateKeyToAccount } = await import("viem/accounts");

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : Number.NaN;
};
const round = (value) => Math.round(value);

async function timedStart() {
  const started = performance.now();
  const devnet = await devnetModule.startDevnet({ port: 0 });
  return { devnet, ms: performance.now() - started };
}

// 1. Cold start with an empty compile cache (solc runs), then with the cache warm.
rmSync(`${root}node_modules/.cache/latch-contracts`, { recursive: true, force: true });
const first = await timedStart();
const coldCompile = first.devnet.timings;
await first.devnet.stop();
const warmStarts = [];
let devnet;
for (let run = 0; run < 3; run++) {
  const start = await timedStart();
  warmStarts.push(start.ms);
  if (run < 2) await start.devnet.stop();
  else devnet = start.devnet;
}

// 2. Send → receipt of sponsored user operations on the last devnet.
const kitChain = chain.devnetChain({
  chainId: devnet.chainId,
  rpcUrl: devnet.rpcUrl,
  bundlerUrl: devnet.bundlerUrl,
  paymasterUrl: devnet.paymasterUrl,
  factories: devnet.factories,
});
const publicClient = createPublicClient({
  chain: kitChain,
  transport: chain.latchTransport({ rpcUrl: devnet.rpcUrl, apiKey: "bench" }),
});
const fastPolling = { txMaxRetries: 400, txRetryIntervalMs: 25, txRetryMultiplier: 1 };

async function sendAndWait(client, retry) {
  const started = performance.now();
  const { hash } = await chain.sendUserOperation(client, {
    calls: [{ to: "0x000000000000000000000000000000000000dEaD", data: "0x01" }],
  });
  const sent = performance.now();
  const receipt = await chain.waitForUserOperationReceipt(client, { hash, retry });
  if (!receipt.success) throw new Error(`user operation ${hash} failed`);
  return { sendMs: sent - started, totalMs: performance.now() - started };
}

const perType = {};
try {
  for (const type of chain.ACCOUNT_TYPES) {
    const owner = chain.ownerFromAccount(privateKeyToAccount(generatePrivateKey()));
    const account = await chain.toSmartAccountOfType(type, { client: publicClient, owner });
    const client = chain.createSmartAccountClient({ account, policyId: chain.DEVNET_POLICY_ID });
    const deploy = await sendAndWait(client, fastPolling);
    const later = [];
    for (let run = 0; run < runs; run++) later.push(await sendAndWait(client, fastPolling));
    // The spec's default retry settings (first look-up at once, then after 2000 ms, ...).
    const defaults = await sendAndWait(client, undefined);
    perType[type] = {
      deployAndSendMs: round(deploy.totalMs),
      sendToReceiptMedianMs: round(median(later.map((entry) => entry.totalMs))),
      prepareSignSendMedianMs: round(median(later.map((entry) => entry.sendMs))),
      withDefaultRetrySettingsMs: round(defaults.totalMs),
    };
  }
} finally {
  await devnet.stop();
}

const results = {
  measuredAt: new Date().toISOString(),
  node: process.version,
  coldStartMs: round(first.ms),
  coldStartCompileMs: coldCompile.compileMs,
  warmStartMedianMs: round(median(warmStarts)),
  warmStartsMs: warmStarts.map(round),
  sponsoredUserOperation: perType,
  runsPerType: runs,
};

console.log("devnet start");
console.table({
  "cold (solc compiles)": { ms: results.coldStartMs, "of which compile": results.coldStartCompileMs },
  "warm (compile cache)": { ms: results.warmStartMedianMs, "of which compile": "cached" },
});
console.log("sponsored user operation, send → receipt (ms; polling every 25 ms unless noted)");
console.table(
  Object.fromEntries(
    Object.entries(perType).map(([type, row]) => [
      type,
      {
        "first (deploys)": row.deployAndSendMs,
        "next (median)": row.sendToReceiptMedianMs,
        "prepare+sign+send": row.prepareSignSendMedianMs,
        "default retry settings": row.withDefaultRetrySettingsMs,
      },
    ]),
  ),
);
mkdirSync(`${root}bench/results`, { recursive: true });
writeFileSync(`${root}bench/results/devnet.json`, `${JSON.stringify(results, null, 2)}\n`);
console.log("written bench/results/devnet.json");
