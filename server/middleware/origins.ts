import type { Context, MiddlewareHandler } from "hono";
import { SDK_VERSION_HEADER } from "../../wire/constants";
import { ApiError } from "../errors";
import type { OriginPolicy } from "../origins";

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
  return async (c, next) => {
    // Production: load balancers probe /health and /ready by address; those carry nothing worth rebinding for.
    const probe = !policy.loopback && PROBES.has(c.req.path);
    if (policy.checksHost && !probe && !policy.isAllowedHost(c.req.header("Host"))) {
      const host = JSON.stringify(c.req.header("Host") ?? "");
      if (!policy.loopback) {
        throw new ApiError(421, "MISDIRECTED_REQUEST", `Host ${host} is not this server's: it answers the host of LATCH_PUBLIC_URL and LATCH_HOST_ALIASES`);
      }
      throw new ApiError(403, "HOST_NOT_ALLOWED", `Host ${host} is not served here: use localhost, 127.0.0.1 or [::1] (DNS rebinding protection)`);
    }
    const origin = c.req.header("Origin");
    if (origin === undefined) return next();
    // A provider's form_post answer: a navigation from the provider's site (or Origin: null), no CORS.
    if (c.req.method === "POST" && crossSiteFormPosts.includes(c.req.path)) return next();
    const dev = isDevSurface(c.req.path);
    if (!(dev ? policy.isDevOrigin(origin) : policy.isAppOrigin(origin))) {
      throw new ApiError(
        403,
        "ORIGIN_NOT_ALLOWED",
        dev
          ? `Origin ${origin} may not use the development pages: loopback origins only (and the configured app origins)`
          : `Origin ${origin} is not an allowed app origin: add it to allowedOrigins (CLI --allowed-origin)`,
      );
    }
    if (c.req.method === "OPTIONS" && c.req.header("Access-Control-Request-Method")) return preflight(c, origin);
    await next();
    c.res.headers.set("Access-Control-Allow-Origin", origin);
    c.res.headers.set("Access-Control-Expose-Headers", EXPOSE_HEADERS);
    c.res.headers.append("Vary", "Origin");
  };
}

function preflight(c: Context, origin: string): Response {
  const headers = new Headers({
    "Access-Control-Allow-Origin": origin,
    "Access-Control-Allow-Methods": ALLOW_METHODS,
    "Access-Control-Allow-Headers": ALLOW_HEADERS,
    "Access-Control-Max-Age": PREFLIGHT_MAX_AGE_SECONDS,
    Vary: "Origin, Access-Control-Request-Headers, Access-Control-Request-Private-Network",
  });
  // Private Network Access: a public page calling a loopback backend needs this answer (the origin was vetted above).
  if (c.req.header("Access-Control-Request-Private-Network") === "true") headers.set("Access-Control-Allow-Private-Network", "true");
  return new Response(null, { status: 204, headers });
}
