import { randomUUID } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import type { Logger } from "pino";
import type { ExchangeMiddleware } from "../exchange/exchange";
import { honoExchange, honoMiddleware } from "../exchange/hono";

/** The matched route's pattern (never the raw path or query, which may carry a bundle or code); "unmatched" for 404s. */
export function routeOf(c: Context): string {
  return honoExchange(c).route();
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** One JSON line per request: request id (the proxy's X-Request-Id when sane, else a new one), route, status, latency. */
export function requestLog(logger: Logger): MiddlewareHandler {
  return honoMiddleware(requestLogCheck(logger));
}

/** requestLog on either path (server/exchange). */
export function requestLogCheck(logger: Logger): ExchangeMiddleware {
  return async (x, next) => {
    const incoming = x.header("X-Request-Id");
    const reqId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    const started = performance.now();
    x.setHeader("X-Request-Id", reqId);
    await next();
    x.setHeader("X-Request-Id", reqId);
    const status = x.status();
    const line = { reqId, method: x.method, route: x.route(), status, latencyMs: Math.round((performance.now() - started) * 10) / 10 };
    if (status >= 500) logger.error(line, "request failed");
    else logger.info(line, "request");
  };
}
