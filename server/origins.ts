/**
 * Which browser origins the backend serves: the app origins (CORS on signer routes, magic-link and
 * OAuth return targets, WebAuthn ceremonies) and which Host names it answers (DNS rebinding).
 * Dev profile: every loopback origin (http or https, any port) plus the configured ones.
 */
export interface OriginPolicy {
  /** Configured app origins, normalised (`scheme://host[:port]`). */
  readonly configured: readonly string[];
  /** Whether loopback origins count as app origins (the dev profile). */
  readonly loopback: boolean;
  /** An app origin: configured, the backend's own, or (dev profile) a loopback one. */
  isAppOrigin(origin: string | undefined): boolean;
  /** Dev surfaces (inbox, dev JWT minting, dev IdP): loopback origins, the backend's own and the configured ones. */
  isDevOrigin(origin: string | undefined): boolean;
  /** Whether Host headers are checked: the dev profile, or when `allowedHosts` are given. */
  readonly checksHost: boolean;
  /** A Host header the backend answers: loopback names (dev profile), its own host, configured hosts. */
  isAllowedHost(host: string | undefined): boolean;
}

export interface OriginPolicyOptions {
  allowedOrigins?: readonly string[];
  /** Default true (dev profile). */
  loopbackOrigins?: boolean;
  /** Extra Host names (with or without port) the backend answers, e.g. its public host behind a proxy. */
  allowedHosts?: readonly string[];
  /** The backend's own URL, known once it listens. */
  publicUrl(): string;
}

const LOOPBACK_HOSTNAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** `scheme://host[:port]` of an http(s) URL or origin; throws on anything else. */
export function normalizeOrigin(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${JSON.stringify(value)} is not an origin (expected http(s)://host[:port])`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error(`${value} is not an http(s) origin`);
  return url.origin;
}

/** http(s)://localhost | 127.0.0.1 | [::1], any port. */
export function isLoopbackOrigin(origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  return (url.protocol === "http:" || url.protocol === "https:") && LOOPBACK_HOSTNAMES.has(url.hostname) && url.origin === origin;
}


/** The origin of a URL, or undefined when it is not an http(s) URL. */
export function originOf(value: string): string | undefined {
  try {
    return normalizeOrigin(value);
  } catch {
    return undefined;
  }
}

export function createOriginPolicy(options: OriginPolicyOptions): OriginPolicy {
  const configured = [...new Set((options.allowedOrigins ?? []).map(normalizeOrigin))];
  const loopback = options.loopbackOrigins ?? true;
  const extraHosts = new Set((options.allowedHosts ?? []).map((h) => h.toLowerCase()));
  const own = () => originOf(options.publicUrl());
  const listed = (origin: string) => configured.includes(origin) || origin === own();
  return {
    configured,
    loopback,
    isAppOrigin: (origin) => origin !== undefined && (listed(origin) || (loopback && isLoopbackOrigin(origin))),
    isDevOrigin: (origin) => origin !== undefined && (listed(origin) || isLoopbackOrigin(origin)),
    checksHost: loopback || extraHosts.size > 0,
    isAllowedHost(host) {
      if (!host) return false;
      const value = host.toLowerCase();
      if (extraHosts.has(value)) return true;
      let url: URL;
      try {
        url = new URL(`http://${value}`);
      } catch {
        return false;
      }
      if (url.host !== value || url.pathname !== "/" || url.username || url.password) return false;
      if (extraHosts.has(url.hostname)) return true;
      if (loopback && LOOPBACK_HOSTNAMES.has(url.hostname)) return true;
      const ownUrl = new URL(options.publicUrl() || "http://invalid.invalid");
      return url.hostname === ownUrl.hostname || configured.some((origin) => new URL(origin).hostname === url.hostname);
    },
  };
}
