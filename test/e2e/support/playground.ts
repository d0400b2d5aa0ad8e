import { createServer, type ViteDevServer } from "vite";
import { fileURLToPath } from "node:url";
import type { AddressInfo } from "node:net";

export interface PlaygroundServer {
  url: string;
  close(): Promise<void>;
}

/** The real playground (Vite dev server) on a free localhost port, pointed at the given emulator. */
export async function startPlayground(emulatorUrl: string): Promise<PlaygroundServer> {
  const server: ViteDevServer = await createServer({
    configFile: fileURLToPath(new URL("../../../playground/vite.config.ts", import.meta.url)),
    define: { __EMULATOR_URL__: JSON.stringify(emulatorUrl) },
    server: { port: 0, strictPort: false, host: "localhost", hmr: false },
    logLevel: "error",
    clearScreen: false,
  });
  await server.listen();
  const { port } = server.httpServer!.address() as AddressInfo;
  return { url: `http://localhost:${port}`, close: () => server.close() };
}
