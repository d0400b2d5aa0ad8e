// `npm run devnet`: the local EVM devnet on fixed ports until Ctrl-C. Flags: --port <n> (0 = free ports),
// --bundler-port <n>, --paymaster-port <n>, --log, --json (one JSON line with the URLs, addresses and process ids
// instead of the table).
import { privateKeyToAddress } from "viem/accounts";
import { startDevnet } from "./index";

function flag(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  if (index === -1) return undefined;
  const value = process.argv[index + 1];
  return value === undefined || value.startsWith("--") ? "" : value;
}

const port = flag("port");
const bundlerPort = flag("bundler-port");
const paymasterPort = flag("paymaster-port");
const devnet = await startDevnet({
  ...(port ? { port: Number(port) } : {}),
  ...(bundlerPort ? { bundlerPort: Number(bundlerPort) } : {}),
  ...(paymasterPort ? { paymasterPort: Number(paymasterPort) } : {}),
  log: flag("log") !== undefined,
});

const { stop: _stop, ...description } = devnet;
const lines = flag("json") !== undefined ? [JSON.stringify(description)] : [
  `Latch devnet (development only: test keys, test-double account contracts) ready in ${devnet.timings.startMs} ms`,
  `  chain id     ${devnet.chainId}`,
  `  node         ${devnet.rpcUrl}`,
  `  bundler      ${devnet.bundlerUrl}   (Alto binds 0.0.0.0: it has no host option)`,
  `  paymaster    ${devnet.paymasterUrl}   policies: ${devnet.policies ? devnet.policies.join(", ") : "any"}`,
  `  EntryPoints  v0.6 ${devnet.entryPoints.v06}`,
  `               v0.7 ${devnet.entryPoints.v07}`,
  `               v0.8 ${devnet.entryPoints.v08}`,
  "  factories",
  ...Object.entries(devnet.factories).map(([type, address]) => `    ${type.padEnd(26)}${address}`),
  "  funded keys (anvil's public test mnemonic)",
  ...devnet.fundedKeys.slice(0, 3).map((key) => `    ${privateKeyToAddress(key)}  ${key}`),
  `  processes    anvil ${devnet.pids.anvil}, bundler ${devnet.pids.bundler}, paymaster ${devnet.pids.paymaster}`,
  "Ctrl-C stops every service.",
];
process.stdout.write(`${lines.join("\n")}\n`);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  process.stdout.write(`\n${signal}: stopping the devnet…\n`);
  await devnet.stop();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
