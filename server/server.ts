import { createServer, type RequestListener, type Server } from "node:http";

export interface Listening {
  port: number;
  /** Addresses actually bound, e.g. ["127.0.0.1", "::1"]. */
  addresses: string[];
  /** Stops accepting; requests in flight get up to `graceMs` to finish, then every connection is closed. */
  close(graceMs?: number): Promise<void>;
}

const LOOPBACKS = ["127.0.0.1", "::1"];

/**
 * Listens on `host`, or by default on both loopbacks with one port: "localhost" may resolve to
 * ::1 first (Node 22) or to 127.0.0.1 (Chromium), and the frames must be reachable as localhost.
 */
export async function listen(listener: RequestListener, port: number, host?: string): Promise<Listening> {
  if (host !== undefined) {
    const server = await bind(listener, port, host);
    return listening([server], [host]);
  }
  for (let attempt = 0; ; attempt++) {
    const v4 = await bind(listener, port, LOOPBACKS[0]!);
    const chosen = boundPort(v4);
    try {
      const v6 = await bind(listener, chosen, LOOPBACKS[1]!);
      return listening([v4, v6], LOOPBACKS);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "EADDRNOTAVAIL" || code === "EAFNOSUPPORT") return listening([v4], [LOOPBACKS[0]!]);
      await closeServer(v4);
      // A free IPv4 port that is taken on IPv6: try another one.
      if (code !== "EADDRINUSE" || port !== 0 || attempt >= 5) throw error;
    }
  }
}

function bind(listener: RequestListener, port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer(listener);
    server.once("error", reject);
    server.listen({ port, host, exclusive: true }, () => {
      server.off("error", reject);
      resolve(server);
    });
  });
}

function boundPort(server: Server): number {
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("server has no port");
  return address.port;
}

function listening(servers: Server[], addresses: string[]): Listening {
  return {
    port: boundPort(servers[0]!),
    addresses,
    close: (graceMs = 0) => Promise.all(servers.map((server) => closeServer(server, graceMs))).then(() => undefined),
  };
}

function closeServer(server: Server, graceMs = 0): Promise<void> {
  return new Promise((resolve) => {
    // Idle keep-alive sockets go now; busy ones close when their response is done, or at the deadline.
    const deadline = graceMs > 0 ? setTimeout(() => server.closeAllConnections(), graceMs) : undefined;
    const idleSweep = graceMs > 0 ? setInterval(() => server.closeIdleConnections(), 50) : undefined;
    server.close(() => {
      clearTimeout(deadline);
      clearInterval(idleSweep);
      resolve();
    });
    if (graceMs > 0) server.closeIdleConnections();
    else server.closeAllConnections();
  });
}
