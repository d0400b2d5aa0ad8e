import type { Context, MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import { getConnInfo } from "@hono/node-server/conninfo";
import { setResponseHeader } from "../middleware/responseHeader";
import type { Exchange, ExchangeMiddleware } from "./exchange";

const CLIENT_ADDRESS = "latchClientAddress";

/** A per-request check as Hono middleware. */
export function honoMiddleware(middleware: ExchangeMiddleware): MiddlewareHandler {
  return (c, next) => middleware(honoExchange(c), next);
}

/** The exchange of a request Hono carries (one per context). */
export function honoExchange(c: Context): Exchange {
  const known = c.get(EXCHANGE as never) as Exchange | undefined;
  if (known) return known;
  const exchange: Exchange = {
    via: "hono",
    method: c.req.method,
    path: c.req.path,
    header: (name) => c.req.header(name),
    peerAddress: () => honoPeerAddress(c),
    setClientAddress: (address) => c.set(CLIENT_ADDRESS as never, address as never),
    route: () => {
      const path = routePath(c, -1);
      return path === "/*" || path === "*" ? "unmatched" : path;
    },
    status: () => c.res.status,
    setHeader: (name, value) => (c.finalized ? setResponseHeader(c, name, value) : c.header(name, value)),
    appendHeader: (name, value) => c.res.headers.append(name, value),
    answerText: () => c.res.clone().text(),
    answer: (status, body, headers) => {
      c.res = new Response(body, { status, ...(headers ? { headers } : {}) });
    },
    aborted: () => c.req.raw.signal.aborted,
  };
  c.set(EXCHANGE as never, exchange as never);
  return exchange;
}

/** The client address a trusted proxy forwarded, if a check set one. */
export function forwardedClientAddress(c: Context): string | undefined {
  return c.get(CLIENT_ADDRESS as never) as string | undefined;
}

export function honoPeerAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}

const EXCHANGE = "latchExchange";
