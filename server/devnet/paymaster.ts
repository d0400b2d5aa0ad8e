// The sponsoring paymaster: paymaster-process.mjs (Pimlico's mock paymaster behind our policy gate).
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type ManagedProcess, freePort, startProcess, waitUntilReady } from "./processes";

const SCRIPT = join(dirname(fileURLToPath(import.meta.url)), "paymaster-process.mjs");

export async function startPaymaster(options: {
  port: number;
  rpcUrl: string;
  bundlerUrl: string;
  /** Policy ids it sponsors; null sponsors every request. */
  policies: string[] | null;
  log?: boolean;
}): Promise<{ process: ManagedProcess; paymasterUrl: string }> {
  const paymasterUrl = `http://127.0.0.1:${options.port}`;
  const settings = {
    anvilRpc: options.rpcUrl,
    altoRpc: options.bundlerUrl,
    port: options.port,
    internalPort: await freePort(),
    policies: options.policies,
    log: Boolean(options.log),
  };
  const managed = startProcess("paymaster", process.execPath, [SCRIPT, JSON.stringify(settings)], {
    log: options.log,
  });
  await waitUntilReady(managed, async () => (await fetch(`${paymasterUrl}/ping`)).ok);
  return { process: managed, paymasterUrl };
}
