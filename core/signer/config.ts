import { signerSchema } from "./config-schema";
import { assertValid } from "../config-schema";
import {
  DEFAULT_AUTH_FRAME_URL,
  DEFAULT_EXPORT_FRAME_URL,
  DEFAULT_IFRAME_CONTAINER_ID,
  DEFAULT_IFRAME_ELEMENT_ID,
  DEFAULT_SESSION_EXPIRATION_MS,
  DEFAULT_ROOT_ORG_ID,
  DEFAULT_SESSION_KEY,
  DEFAULT_SIGNER_URL,
  FRAME_INIT_TIMEOUT_MS,
  REQUEST_TIMEOUT_MS,
  ACTIVITY_TIMEOUT_MS,
} from "../constants";
import type { StorageOption } from "./storage";
import type { EmailMode } from "./routes";

/** The signer part of a kit's config (`createKit({ signer })`). */
export interface SignerConfig {
  /** The signer host; defaults to the hosted service. The playground points it at the emulator. */
  url?: string;
  connection?: { apiKey?: string; jwt?: string; rpcUrl?: string; chainAgnosticUrl?: string };
  sessionKey?: string;
  storage?: StorageOption;
  expirationTimeMs?: number;
  iframeConfig?: { iframeElementId?: string; iframeContainerId?: string };
  authFrameUrl?: string;
  exportFrameUrl?: string;
  /** Base of the key-management API named in stamped requests. */
  keyManagementUrl?: string;
  /** 'magicLink' means MAGIC_LINK; anything else OTP. When unset, the backend's signer-config decides. */
  emailMode?: string;
  rpId?: string;
  rootOrgId?: string;
  oauthCallbackUrl?: string;
  enablePopupOauth?: boolean;
  frameInitTimeoutMs?: number;
  /** Each call to the signer host, answer included (default 30 s); past it, ConnectionTimeoutError. */
  requestTimeoutMs?: number;
  /** How long a key-management activity may stay pending (default 60 s); past it, ActivityTimeoutError. */
  activityTimeoutMs?: number;
}

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
  keyManagementUrl: string;
  emailMode: EmailMode | undefined;
  rootOrgId: string;
  rpId?: string;
  oauthCallbackUrl?: string;
  enablePopupOauth: boolean;
  frameInitTimeoutMs: number;
  requestTimeoutMs: number;
  activityTimeoutMs: number;
}

/** The client option emailMode 'magicLink' maps to MAGIC_LINK, anything else to OTP (spec §3). */
export const toEmailMode = (option: string | undefined): EmailMode | undefined =>
  option === undefined ? undefined : option === "magicLink" ? "magicLink" : "otp";

export function resolveSignerConfig(raw: Record<string, unknown>): ResolvedSignerConfig {
  if (process.env.NODE_ENV !== "production") assertValid(signerSchema, raw, "signer.");
  const config = raw as SignerConfig;
  const resolved: ResolvedSignerConfig = {
    url: config.url ?? DEFAULT_SIGNER_URL,
    sessionKey: config.sessionKey ?? DEFAULT_SESSION_KEY,
    storage: config.storage ?? "local",
    expirationTimeMs: config.expirationTimeMs ?? DEFAULT_SESSION_EXPIRATION_MS,
    iframeElementId: config.iframeConfig?.iframeElementId ?? DEFAULT_IFRAME_ELEMENT_ID,
    iframeContainerId: config.iframeConfig?.iframeContainerId ?? DEFAULT_IFRAME_CONTAINER_ID,
    authFrameUrl: config.authFrameUrl ?? DEFAULT_AUTH_FRAME_URL,
    exportFrameUrl: config.exportFrameUrl ?? DEFAULT_EXPORT_FRAME_URL,
    keyManagementUrl: config.keyManagementUrl ?? "https://api.turnkey.com",
    emailMode: toEmailMode(config.emailMode),
    rootOrgId: config.rootOrgId ?? DEFAULT_ROOT_ORG_ID,
    enablePopupOauth: config.enablePopupOauth ?? false,
    frameInitTimeoutMs: config.frameInitTimeoutMs ?? FRAME_INIT_TIMEOUT_MS,
    requestTimeoutMs: config.requestTimeoutMs ?? REQUEST_TIMEOUT_MS,
    activityTimeoutMs: config.activityTimeoutMs ?? ACTIVITY_TIMEOUT_MS,
  };
  if (config.connection?.apiKey) resolved.apiKey = config.connection.apiKey;
  if (config.connection?.jwt) resolved.jwt = config.connection.jwt;
  if (config.rpId) resolved.rpId = config.rpId;
  if (config.oauthCallbackUrl) resolved.oauthCallbackUrl = config.oauthCallbackUrl;
  return resolved;
}
