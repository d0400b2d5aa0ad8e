import { createServer, type ViteDevServer } from "vite";
import { fileURLToPath } from "node:url";
import type { AddressInfo } from "node:net";

export interface PlaygroundServer {
  url: string;
  close(): Promise<void>;
}

export interface PlaygroundBackends {
  /** A devnet the test started on free ports (default: npm start's fixed ports, which nothing answers in tests). */
  devnet?: { rpcUrl: string; bundlerUrl: string; paymasterUrl: string };
  walletConnectRelayUrl?: string;
}

/** The real playground (Vite dev server) on a free localhost port, pointed at the given emulator (and devnet, relay). */
export async function startPlayground(emulatorUrl: string, backends: PlaygroundBackends = {}): Promise<PlaygroundServer> {
  const define: Record<string, string> = { __EMULATOR_URL__: JSON.stringify(emulatorUrl) };
  if (backends.devnet) {
    define.__DEVNET_RPC_URL__ = JSON.stringify(backends.devnet.rpcUrl);
    define.__DEVNET_BUNDLER_URL__ = JSON.stringify(backends.devnet.bundlerUrl);
    define.__DEVNET_PAYMASTER_URL__ = JSON.stringify(backends.devnet.paymasterUrl);
  }
  if (backends.walletConnectRelayUrl) define.__WALLETCONNECT_RELAY_URL__ = JSON.stringify(backends.walletConnectRelayUrl);
  const server: ViteDevServer = await createServer({
    configFile: fileURLToPath(new URL("../../../playground/vite.config.ts", import.meta.url)),
    define,
    server: { port: 0, strictPort: false, host: "localhost", hmr: false },
    logLevel: "error",
    clearScreen: false,
  });
  await server.listen();
  const { port } = server.httpServer!.address() as AddressInfo;
  return { url: `http://localhost:${port}`, close: () => server.close() };
}
