// The EVM node: the anvil binary shipped by @foundry-rs/anvil, on 127.0.0.1.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { type ManagedProcess, rpc, startProcess, waitUntilReady } from "./processes";

const require = createRequire(import.meta.url);

/** The platform package's binary, spawned directly: the npm wrapper script would leave it orphaned on kill. */
export function anvilBinary(): string {
  const arch = process.arch === "x64" ? "amd64" : process.arch;
  const name = `@foundry-rs/anvil-${process.platform}-${arch}`;
  const packageJson = require.resolve(`${name}/package.json`);
  return join(dirname(packageJson), "bin", process.platform === "win32" ? "anvil.exe" : "anvil");
}

export async function startAnvil(options: { port: number; chainId: number; log?: boolean }): Promise<{
  process: ManagedProcess;
  rpcUrl: string;
}> {
  const rpcUrl = `http://127.0.0.1:${options.port}`;
  const managed = startProcess(
    "anvil",
    anvilBinary(),
    // --quiet: no banner of test private keys, no line per request; errors still reach stderr (and tail()).
    ["--host", "127.0.0.1", "--port", String(options.port), "--chain-id", String(options.chainId), ...(options.log ? [] : ["--quiet"])],
    { log: options.log },
  );
  await waitUntilReady(managed, async () => (await rpc<string>(rpcUrl, "eth_chainId")) !== undefined, undefined, 25);
  return { process: managed, rpcUrl };
}
