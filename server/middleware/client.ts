import { isIP } from "node:net";
import type { Context, MiddlewareHandler } from "hono";
import type { ExchangeMiddleware } from "../exchange/exchange";
import { forwardedClientAddress, honoMiddleware, honoPeerAddress } from "../exchange/hono";

/**
 * The client's address for per-client limits: the socket's peer, or — behind a trusted reverse proxy
 * (see trustedProxyClients) — the address that proxy forwarded.
 */
export function clientAddress(c: Context): string {
  return forwardedClientAddress(c) ?? honoPeerAddress(c);
}

/**
 * Behind reverse proxies every client shares the proxy's address, so per-client guess limits would be
 * shared by everyone. When the socket's peer is one of `trustedProxies`, the client is the right-most
 * X-Forwarded-For entry that is not a trusted proxy (entries further left are the client's own claims).
 * A request from anywhere else keeps its socket address: a client cannot forge its way to a fresh budget.
 */
export function trustedProxyClients(trustedProxies: readonly string[]): MiddlewareHandler {
  return honoMiddleware(forwardedClientCheck(trustedProxies));
}

/** trustedProxyClients as a check of either path (server/exchange). */
export function forwardedClientCheck(trustedProxies: readonly string[]): ExchangeMiddleware {
  const trusted = new Set(trustedProxies.map(normalizeAddress));
  return async (x, next) => {
    if (trusted.size > 0 && trusted.has(normalizeAddress(x.peerAddress()))) {
      const client = forwardedClient(x.header("x-forwarded-for"), trusted);
      if (client) x.setClientAddress(client);
    }
    await next();
  };
}

/** The right-most untrusted, well-formed address of an X-Forwarded-For header, if any. */
export function forwardedClient(header: string | undefined, trusted: ReadonlySet<string>): string | undefined {
  const hops = (header ?? "").split(",").map((hop) => normalizeAddress(hop.trim()));
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i]!;
    if (!isIP(hop)) return undefined;
    if (!trusted.has(hop)) return hop;
  }
  return undefined;
}

/** `::ffff:10.0.0.1` (an IPv4 peer on a dual-stack socket) is `10.0.0.1`. */
function normalizeAddress(address: string): string {
  const lower = address.toLowerCase();
  return lower.startsWith("::ffff:") && isIP(lower.slice(7)) === 4 ? lower.slice(7) : lower;
}

/** The Origin header, as the app that asked for a code or link. */
export function requestOrigin(c: Context): string | undefined {
  const value = c.req.header("Origin");
  return value && value !== "null" ? value : undefined;
}

/**
 * Who asks for a code or link: the app (its Origin, named in the message), the client's address (send
 * caps) and the languages its reader takes (Accept-Language: the locale of the operator's template).
 */
export function requester(c: Context): { requestedBy: string | undefined; client: string; acceptLanguage: string | undefined } {
  return { requestedBy: requestOrigin(c), client: clientAddress(c), acceptLanguage: c.req.header("Accept-Language") };
}
