import { buildServer, type DevInbox } from "./build";
import { listen } from "./server";
import type { ServerOptions } from "./options";

export type { ServerOptions, EmailMode, JwtIssuerOption, Limits, Profile } from "./options";
export type { ServerMethod } from "./method";
export type { InboxMessage } from "./store/messages";
export { buildServer, type BuiltServer, type DevInbox } from "./build";

export interface RunningServer {
  /** Base URL, always on the host name `localhost` so frames are same-site with a localhost app. */
  url: string;
  port: number;
  /** Addresses it listens on (both loopbacks by default). */
  addresses: string[];
  /** The data dir, or undefined for in-memory state. */
  dataDir: string | undefined;
  /** The dev inbox, for tests in the same process. */
  inbox: DevInbox;
  /** Stops accepting, lets requests in flight finish (up to `graceMs`, default 0), then closes the database. */
  stop(graceMs?: number): Promise<void>;
}

/** Starts a server with its own state (in memory unless a dataDir is given) listening on `port`: buildServer, then listen. */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const built = await buildServer(options);
  const server = await listen(built.nodeListener, options.port ?? 0, options.host).catch(async (error: unknown) => {
    await built.close();
    throw error;
  });
  if (!built.publicUrl) built.setPublicUrl(`http://${urlHost(options.host)}:${server.port}`);

  let stopping: Promise<void> | undefined;
  return {
    url: built.publicUrl,
    port: server.port,
    addresses: server.addresses,
    dataDir: built.dataDir,
    inbox: built.inbox,
    stop(graceMs = 0) {
      stopping ??= (async () => {
        await server.close(graceMs);
        await built.close();
      })();
      return stopping;
    },
  };
}

function urlHost(host: string | undefined): string {
  if (host === undefined || host === "127.0.0.1" || host === "::1" || host === "0.0.0.0" || host === "::" || host === "localhost") {
    return "localhost";
  }
  return host.includes(":") ? `[${host}]` : host;
}
