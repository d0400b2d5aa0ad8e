// `import { createLatchServer } from "latch-server"`: the production server as a library. It builds the
// server from one settings object (the config file's shape) and hands back a standard fetch handler
// that any Node server mounts, plus listen/close for running it on its own.
import type { RequestListener } from "node:http";
import { pino, type Logger } from "pino";
import { listen as listenOn, type Listening } from "./server";
import { configFromSettings } from "./production/load";
import { buildProductionServer } from "./production/start";
import type { LatchSettings } from "./production/settings";

export type { LatchSettings } from "./production/settings";
export type { ServerMethod } from "./method";
export type { Limits } from "./settings";
export { ConfigError, ConfigErrors } from "./production/config";

export interface LatchServerOptions extends LatchSettings {
  /** A pino logger for the request and error lines; default JSON lines on stdout at `logLevel`. */
  logger?: Logger;
  /** Folder that relative paths (secretKeyFile, dataDir, method paths) are relative to; default process.cwd(). */
  baseDir?: string;
}

export interface LatchServer {
  /**
   * A standard fetch handler (Request → Response). Mounted under a path, give that path in
   * `publicUrl` (`https://example.com/latch`): requests may arrive with or without the prefix.
   */
  fetch(request: Request): Promise<Response>;
  /** A node:http request listener of that handler (per-client limits see the socket's address). */
  nodeHandler: RequestListener;
  /** The public URL the server answers as (publicUrl without a trailing slash). */
  url: string;
  /** Listens on its own (default the `port`/`host` settings: 8787 on 127.0.0.1); resolves with the bound port. */
  listen(port?: number, host?: string): Promise<{ port: number; addresses: string[] }>;
  /** Stops listening (if it listens; requests in flight get `shutdownGraceMs`), then closes the database and the SMTP pool. */
  close(): Promise<void>;
}

/**
 * Builds a Latch server from settings: the same checks as `latch-server start` (every problem at once,
 * as ConfigErrors), no environment variables read. Pending migrations are applied under the lock.
 */
export async function createLatchServer(options: LatchServerOptions): Promise<LatchServer> {
  const { logger: given, baseDir = process.cwd(), ...settings } = options;
  const config = await configFromSettings(settings, {}, baseDir, "createLatchServer");
  const logger = given ?? pino({ level: config.logLevel, base: { service: "latch-server" } });
  const production = await buildProductionServer(config, logger);
  const nodeHandler = production.built.nodeListener;
  let listening: Listening | undefined;
  let closing: Promise<void> | undefined;
  return {
    fetch: (request) => production.built.fetch(request),
    nodeHandler,
    url: production.built.publicUrl,
    async listen(port = config.port, host = config.host) {
      if (closing) throw new Error("this Latch server is closed");
      if (listening) throw new Error("this Latch server is listening already");
      listening = await listenOn(nodeHandler, port, host);
      return { port: listening.port, addresses: listening.addresses };
    },
    close() {
      closing ??= (async () => {
        await listening?.close(config.shutdownGraceMs);
        await production.close();
      })();
      return closing;
    },
  };
}
