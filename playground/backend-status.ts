// A dev-server route, GET /__latch/status: whether the emulator, the devnet and the local Solana RPC answer. Checked from
// Node so the page itself never makes a failing request (each would be a console error).
import type { Plugin } from "vite";
import type { IncomingMessage, ServerResponse } from "node:http";

const TIMEOUT_MS = 1500;

async function answers(url: string, init?: RequestInit): Promise<boolean> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    return response.ok;
  } catch {
    return false;
  }
}

const rpc = (method: string): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params: [] }),
});

export function backendStatus(defaults: { emulatorUrl: string; devnetRpcUrl: string; solanaRpcUrl: string }): Plugin {
  const options = { ...defaults };
  const handler = async (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    if (req.url !== "/__latch/status") return next();
    const [emulator, devnet, solana] = await Promise.all([
      answers(`${options.emulatorUrl}/health`),
      answers(options.devnetRpcUrl, rpc("eth_chainId")),
      answers(options.solanaRpcUrl, rpc("getHealth")),
    ]);
    res.setHeader("content-type", "application/json");
    res.setHeader("cache-control", "no-store");
    res.end(
      JSON.stringify({
        emulator: { url: options.emulatorUrl, up: emulator },
        devnet: { url: options.devnetRpcUrl, up: devnet },
        solana: { url: options.solanaRpcUrl, up: solana },
      }),
    );
  };
  return {
    name: "latch-backend-status",
    // Tests start the playground with their own backends' URLs through `define`.
    configResolved(config) {
      const defined = (name: string) => {
        const value = config.define?.[name];
        return typeof value === "string" ? (JSON.parse(value) as string) : undefined;
      };
      options.emulatorUrl = defined("__EMULATOR_URL__") ?? options.emulatorUrl;
      options.devnetRpcUrl = defined("__DEVNET_RPC_URL__") ?? options.devnetRpcUrl;
      options.solanaRpcUrl = defined("__SOLANA_RPC_URL__") ?? options.solanaRpcUrl;
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => void handler(req, res, next));
    },
    configurePreviewServer(server) {
      server.middlewares.use((req, res, next) => void handler(req, res, next));
    },
  };
}
