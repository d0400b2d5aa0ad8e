import type { Context } from "hono";
import { getConnInfo } from "@hono/node-server/conninfo";

/**
 * The client's address for per-client limits: the socket's peer. Behind a reverse proxy every
 * client shares the proxy's address; a deployment there must derive it from its proxy's header.
 */
export function clientAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}
