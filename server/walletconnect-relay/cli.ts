// `npx tsx server/walletconnect-relay/cli.ts [--port 8788] [--log] [--json]`: the local WalletConnect
// relay until Ctrl-C (port 0 picks a free one).
import { parseArgs } from "node:util";
import { DEFAULT_WALLETCONNECT_RELAY_PORT, startWalletConnectRelay } from "./index";
import { parsePortFlag } from "../port-flag";

const USAGE = `Latch local WalletConnect relay: a DEVELOPMENT service on 127.0.0.1, not for production.

Usage: npx tsx server/walletconnect-relay/cli.ts [options]
  --port <n>   port (default ${DEFAULT_WALLETCONNECT_RELAY_PORT}; 0 picks a free one)
  --log        log each method a client calls
  --json       print one JSON line (url, port) instead of the banner
  --help`;

const { values } = parseArgs({
  options: {
    port: { type: "string" },
    log: { type: "boolean" },
    json: { type: "boolean" },
    help: { type: "boolean", short: "h" },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const port = parsePortFlag(values.port, DEFAULT_WALLETCONNECT_RELAY_PORT);

const relay = await startWalletConnectRelay({ port, ...(values.log ? { onMethod: (method: string) => console.log(method) } : {}) });
if (values.json) {
  console.log(JSON.stringify({ url: relay.url, port: relay.port }));
} else {
  console.log(`Latch WalletConnect relay (development only) at ${relay.url}: give it as relayUrl to the kit and to the wallet. Ctrl-C stops it.`);
}

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  if (!values.json) console.log(`${signal}: stopping the WalletConnect relay…`);
  await relay.stop();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
