// `npx tsx server/solana/cli.ts [--port 8899] [--policy <id>]... [--log] [--json]`: the local Solana
// JSON-RPC endpoint until Ctrl-C (port 0 picks a free one).
import { parseArgs } from "node:util";
import { DEFAULT_SOLANA_RPC_PORT, FEE_PAYER_METHOD, SOLANA_RPC_METHODS, startSolanaRpc } from "./index";
import { parsePortFlag } from "../port-flag";

const USAGE = `Latch local Solana RPC (LiteSVM): a DEVELOPMENT endpoint, not for production.

Usage: npx tsx server/solana/cli.ts [options]
  --port <n>       port (default ${DEFAULT_SOLANA_RPC_PORT}; 0 picks a free one)
  --policy <id>    a sponsorship policy the fee payer accepts (repeatable; default solana-sponsorship)
  --log            log each request
  --json           print one JSON line (url, wsUrl, feePayer, policyIds) instead of the banner
  --help`;

const { values } = parseArgs({
  options: {
    port: { type: "string" },
    policy: { type: "string", multiple: true },
    log: { type: "boolean" },
    json: { type: "boolean" },
    help: { type: "boolean", short: "h" },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const port = parsePortFlag(values.port, DEFAULT_SOLANA_RPC_PORT);

const rpc = await startSolanaRpc({ port, log: values.log === true, ...(values.policy ? { policyIds: values.policy } : {}) });
if (values.json) {
  console.log(JSON.stringify({ url: rpc.url, wsUrl: rpc.wsUrl, port: rpc.port, feePayer: rpc.feePayer, policyIds: rpc.policyIds, startMs: rpc.startMs }));
} else {
  console.log(`
  Latch local Solana RPC (LiteSVM): a DEVELOPMENT endpoint, not for production. Ready in ${rpc.startMs} ms.

  JSON-RPC      ${rpc.url}      (the kit infers "localnet" from a loopback URL)
  Subscriptions ${rpc.wsUrl}        (signatureSubscribe, slotSubscribe)
  Fee payer     ${rpc.feePayer}  via ${FEE_PAYER_METHOD}, policies: ${rpc.policyIds.join(", ")}
  Methods       ${SOLANA_RPC_METHODS.join(", ")}
  Listening on  ${rpc.addresses.join(", ")} port ${rpc.port}
  Ctrl-C stops it.`);
}

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  if (!values.json) console.log(`\n${signal}: stopping the Solana RPC…`);
  await rpc.stop();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
