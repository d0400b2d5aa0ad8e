import type { MiddlewareHandler } from "hono";
import { SDK_VERSION_HEADER } from "../../wire/constants";
import { ApiError } from "../errors";
import type { OriginPolicy } from "../origins";
import type { Exchange, ExchangeMiddleware } from "../exchange/exchange";
import { honoMiddleware } from "../exchange/hono";

const ALLOW_METHODS = "GET, POST, DELETE, OPTIONS";
const ALLOW_HEADERS = ["Authorization", "Content-Type", SDK_VERSION_HEADER, "X-Stamp", "X-Stamp-Webauthn"].join(", ");
const EXPOSE_HEADERS = "Retry-After";
const PREFLIGHT_MAX_AGE_SECONDS = "600";

/** Dev-only surfaces: the index, health check, dev inbox and dev JWT minting, and the dev identity provider. */
export function isDevSurface(path: string): boolean {
  return path === "/" || path === "/health" || path.startsWith("/dev/") || path.startsWith("/idp/");
}

/**
 * Host check (DNS rebinding), then origin check and CORS. A request whose `Origin` is not allowed
 * for the surface it calls is refused before any route runs (a browser can send a "simple" POST
 * without a preflight); allowed origins get CORS headers, Private Network Access preflights included.
 * Requests without an `Origin` (servers, curl, navigations) are not browsers' cross-origin calls;
 * POSTs to `crossSiteFormPosts` (identity providers' form_post answers) pass with any Origin.
 */
const PROBES = new Set(["/health", "/ready"]);

export function originGuard(policy: OriginPolicy, crossSiteFormPosts: readonly string[] = []): MiddlewareHandler {
  return honoMiddleware(originCheck(policy, crossSiteFormPosts));
}

/** originGuard as a check of either path (server/exchange). */
export function originCheck(policy: OriginPolicy, crossSiteFormPosts: readonly string[] = []): ExchangeMiddleware {
  return async (x, next) => {
    // Production: load balancers probe /health and /ready by address; those carry nothing worth rebinding for.
    const probe = !policy.loopback && PROBES.has(x.path);
    if (policy.checksHost && !probe && !policy.isAllowedHost(x.header("Host"))) {
      const host = JSON.stringify(x.header("Host") ?? "");
      if (!policy.loopback) {
        throw new ApiError(421, "MISDIRECTED_REQUEST", `Host ${host} is not this server's: it answers the host of LATCH_PUBLIC_URL and LATCH_HOST_ALIASES`);
      }
      throw new ApiError(403, "HOST_NOT_ALLOWED", `Host ${host} is not served here: use localhost, 127.0.0.1 or [::1] (DNS rebinding protection)`);
    }
    const origin = x.header("Origin");
    if (origin === undefined) return next();
    // A provider's form_post answer: a navigation from the provider's site (or Origin: null), no CORS.
    if (x.method === "POST" && crossSiteFormPosts.includes(x.path)) return next();
    const dev = isDevSurface(x.path);
    if (!(dev ? policy.isDevOrigin(origin) : policy.isAppOrigin(origin))) {
      throw new ApiError(
        403,
        "ORIGIN_NOT_ALLOWED",
        dev
          ? `Origin ${origin} may not use the development pages: loopback origins only (and the configured app origins)`
          : `Origin ${origin} is not an allowed app origin: add it to allowedOrigins (CLI --allowed-origin)`,
      );
    }
    if (x.method === "OPTIONS" && x.header("Access-Control-Request-Method")) return preflight(x, origin);
    await next();
    x.setHeader("Access-Control-Allow-Origin", origin);
    x.setHeader("Access-Control-Expose-Headers", EXPOSE_HEADERS);
    x.appendHeader("Vary", "Origin");
  };
}

function preflight(x: Exchange, origin: string): void {
  const headers: Record<string, string> = {
    "Access-Control-Allow-Origin": origin,
    "Access-Control-Allow-Methods": ALLOW_METHODS,
    "Access-Control-Allow-Headers": ALLOW_HEADERS,
    "Access-Control-Max-Age": PREFLIGHT_MAX_AGE_SECONDS,
    Vary: "Origin, Access-Control-Request-Headers, Access-Control-Request-Private-Network",
  };
  // Private Network Access: a public page calling a loopback backend needs this answer (the origin was vetted above).
  if (x.header("Access-Control-Request-Private-Network") === "true") headers["Access-Control-Allow-Private-Network"] = "true";
  x.answer(204, null, headers);
}
