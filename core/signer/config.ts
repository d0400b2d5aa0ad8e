import { signerSchemaWith } from "./config-schema";
import { assertValid } from "../config-schema";
import { ConfigError } from "../errors";
import {
  AUTH_FRAME_PATH,
  DEFAULT_IFRAME_CONTAINER_ID,
  DEFAULT_IFRAME_ELEMENT_ID,
  DEFAULT_SESSION_EXPIRATION_MS,
  DEFAULT_ROOT_ORG_ID,
  DEFAULT_SESSION_KEY,
  DEVELOPMENT_SIGNER_URL,
  EXPORT_FRAME_PATH,
  IMPORT_FRAME_PATH,
  FRAME_INIT_TIMEOUT_MS,
  REQUEST_TIMEOUT_MS,
  ACTIVITY_TIMEOUT_MS,
} from "../constants";
import type { StorageOption } from "./storage";

/**
 * The sign-in methods' own keys in the signer config, added by their plugins (an open registry):
 * `declare module "latch-kit" { interface SignerMethodOptions { oauthCallbackUrl?: string } }`.
 */
export interface SignerMethodOptions {}

/** The signer part of a kit's config (`createKit({ signer })`): the engine's keys and the installed methods'. */
export interface SignerConfig extends SignerMethodOptions {
  /**
   * Your Latch server's URL (e.g. `https://latch.example.com`). Required in production builds;
   * development builds default to the local backend at `http://localhost:8787`. The frame and
   * key-management URLs derive from it.
   */
  url?: string;
  connection?: { apiKey?: string; jwt?: string; rpcUrl?: string; chainAgnosticUrl?: string };
  sessionKey?: string;
  storage?: StorageOption;
  expirationTimeMs?: number;
  iframeConfig?: { iframeElementId?: string; iframeContainerId?: string };
  /** Default `${url}/frames/auth`. */
  authFrameUrl?: string;
  /** Default `${url}/frames/export`. */
  exportFrameUrl?: string;
  /** Default `${url}/frames/import`. */
  importFrameUrl?: string;
  /** Base of the key-management API named in stamped requests; default `url`. */
  keyManagementUrl?: string;
  rootOrgId?: string;
  frameInitTimeoutMs?: number;
  /** Each call to the signer host, answer included (default 30 s); past it, ConnectionTimeoutError. */
  requestTimeoutMs?: number;
  /** How long a key-management activity may stay pending (default 60 s); past it, ActivityTimeoutError. */
  activityTimeoutMs?: number;
}

/** The `signer` config after defaults: URLs, session storage and frame ids. */
export interface ResolvedSignerConfig {
  url: string;
  apiKey?: string;
  jwt?: string;
  sessionKey: string;
  storage: StorageOption;
  expirationTimeMs: number;
  iframeElementId: string;
  iframeContainerId: string;
  authFrameUrl: string;
  exportFrameUrl: string;
  importFrameUrl: string;
  keyManagementUrl: string;
  rootOrgId: string;
  frameInitTimeoutMs: number;
  requestTimeoutMs: number;
  activityTimeoutMs: number;
  /** The config as given: the methods read their own keys (`SignerMethodOptions`) here. */
  options: Readonly<SignerConfig>;
}

/** Checks the `signer` config (unknown keys refused) and fills its defaults and derived URLs. */
/** `methodOptions`: the installed methods' keys (createKit passes its plugins'; see LatchPlugin.signerOptions). */
export function resolveSignerConfig(config: SignerConfig, methodOptions?: Record<string, string>): ResolvedSignerConfig {
  if (process.env.NODE_ENV !== "production" && methodOptions) assertValid(signerSchemaWith(methodOptions), config, "signer.");
  const url = signerUrl(config.url);
  const resolved: ResolvedSignerConfig = {
    url,
    sessionKey: config.sessionKey ?? DEFAULT_SESSION_KEY,
    storage: config.storage ?? "local",
    expirationTimeMs: config.expirationTimeMs ?? DEFAULT_SESSION_EXPIRATION_MS,
    iframeElementId: config.iframeConfig?.iframeElementId ?? DEFAULT_IFRAME_ELEMENT_ID,
    iframeContainerId: config.iframeConfig?.iframeContainerId ?? DEFAULT_IFRAME_CONTAINER_ID,
    authFrameUrl: config.authFrameUrl ?? `${url}${AUTH_FRAME_PATH}`,
    exportFrameUrl: config.exportFrameUrl ?? `${url}${EXPORT_FRAME_PATH}`,
    importFrameUrl: config.importFrameUrl ?? `${url}${IMPORT_FRAME_PATH}`,
    keyManagementUrl: config.keyManagementUrl ?? url,
    rootOrgId: config.rootOrgId ?? DEFAULT_ROOT_ORG_ID,
    frameInitTimeoutMs: config.frameInitTimeoutMs ?? FRAME_INIT_TIMEOUT_MS,
    requestTimeoutMs: config.requestTimeoutMs ?? REQUEST_TIMEOUT_MS,
    activityTimeoutMs: config.activityTimeoutMs ?? ACTIVITY_TIMEOUT_MS,
    options: config,
  };
  if (config.connection?.apiKey) resolved.apiKey = config.connection.apiKey;
  if (config.connection?.jwt) resolved.jwt = config.connection.jwt;
  return resolved;
}

/** No hosted default: production builds must name their server; development falls back to the local one. */
function signerUrl(configured: string | undefined): string {
  if (configured) return configured.replace(/\/+$/, "");
  if (process.env.NODE_ENV === "production") {
    throw new ConfigError("Invalid Latch config: signer.url is required (the URL of your Latch server)");
  }
  return DEVELOPMENT_SIGNER_URL;
}
