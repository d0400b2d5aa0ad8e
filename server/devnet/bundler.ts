// The ERC-4337 bundler: Alto from npm, run by the same Node. Alto always listens on 0.0.0.0 (it has no host
// option): its process preloads loopback-only.mjs, which binds it to 127.0.0.1 instead.
import { realpathSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Address, Hex } from "viem";
import { type ManagedProcess, rpc, startProcess, waitUntilReady } from "./processes";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** Alto's CLI is not in its package exports; npm links it here. */
export function altoScript(): string {
  return realpathSync(join(ROOT, "node_modules", ".bin", "alto"));
}

export async function startBundler(options: {
  port: number;
  rpcUrl: string;
  entryPoints: Address[];
  executorKey: Hex;
  utilityKey: Hex;
  log?: boolean;
}): Promise<{ process: ManagedProcess; bundlerUrl: string }> {
  const bundlerUrl = `http://127.0.0.1:${options.port}`;
  const args = [
    "--import",
    pathToFileURL(join(dirname(fileURLToPath(import.meta.url)), "loopback-only.mjs")).href,
    altoScript(),
    "--entrypoints", options.entryPoints.join(","),
    "--executor-private-keys", options.executorKey,
    "--utility-private-key", options.utilityKey,
    "--rpc-url", options.rpcUrl,
    "--port", String(options.port),
    "--safe-mode", "false",
    "--deploy-simulations-contract", "true",
    // debug_bundler_setBundlingMode lets tests hold operations in the mempool (drop-and-replace).
    "--enable-debug-endpoints", "true",
    // anvil mines on every transaction: poll for inclusion far more often than a real chain's 1 s blocks.
    "--block-time", "100",
    "--min-bundle-interval", "20",
    "--max-bundle-interval", "100",
    // The playground calls the bundler from the browser.
    "--enable-cors", "true",
    "--log-level", options.log ? "info" : "warn",
  ];
  const managed = startProcess("alto", process.execPath, args, { log: options.log });
  await waitUntilReady(
    managed,
    async () => (await rpc<string[]>(bundlerUrl, "eth_supportedEntryPoints")).length > 0,
  );
  return { process: managed, bundlerUrl };
}
