// A local anvil node for the wallet tests (the binary from @foundry-rs/anvil), on 127.0.0.1.
import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);

function anvilBinary(): string {
  const arch = process.arch === "x64" ? "amd64" : process.arch;
  const pkg = require.resolve(`@foundry-rs/anvil-${process.platform}-${arch}/package.json`);
  return join(dirname(pkg), "bin", "anvil");
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface Anvil {
  rpcUrl: string;
  chainId: number;
  /** Gives an address this many wei (anvil_setBalance). */
  fund(address: string, wei: bigint): Promise<void>;
  stop(): Promise<void>;
}

async function rpc(url: string, method: string, params: unknown[]): Promise<unknown> {
  const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });
  const body = (await res.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(body.error.message);
  return body.result;
}

export async function startAnvil(chainId = 31337): Promise<Anvil> {
  const port = await freePort();
  const child: ChildProcess = spawn(anvilBinary(), ["--host", "127.0.0.1", "--port", String(port), "--chain-id", String(chainId)], { stdio: "ignore" });
  const rpcUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      await rpc(rpcUrl, "eth_chainId", []);
      break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error("anvil did not start");
    await new Promise((r) => setTimeout(r, 25));
  }
  return {
    rpcUrl,
    chainId,
    fund: async (address, wei) => void (await rpc(rpcUrl, "anvil_setBalance", [address, `0x${wei.toString(16)}`])),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
