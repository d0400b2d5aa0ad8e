import { randomUUID } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import type { Logger } from "pino";
import { setResponseHeader } from "../middleware/responseHeader";

/** The matched route's pattern (never the raw path or query, which may carry a bundle or code); "unmatched" for 404s. */
export function routeOf(c: Context): string {
  const path = routePath(c, -1);
  return path === "/*" || path === "*" ? "unmatched" : path;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** One JSON line per request: request id (the proxy's X-Request-Id when sane, else a new one), route, status, latency. */
export function requestLog(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const incoming = c.req.header("X-Request-Id");
    const reqId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    const started = performance.now();
    c.header("X-Request-Id", reqId);
    await next();
    setResponseHeader(c, "X-Request-Id", reqId);
    const status = c.res.status;
    const line = { reqId, method: c.req.method, route: routeOf(c), status, latencyMs: Math.round((performance.now() - started) * 10) / 10 };
    if (status >= 500) logger.error(line, "request failed");
    else logger.info(line, "request");
  };
}
