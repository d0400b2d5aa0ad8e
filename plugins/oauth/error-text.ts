import { format } from "latch-kit/react";
import { isTimeoutError } from "latch-kit";
import type { OauthStrings } from "./strings";

/** This plugin's own errors, whose messages are the spec's texts or written for people. */
const READABLE_ERRORS = new Set(["UnknownOauthStatusError", "OauthRedirectError", "OauthPopupBlockedError", "NoAuthProviderError", "OAuthFailedError"]);

/**
 * A failure's code — the backend's, or the provider's OAuth error (RFC 6749, section 4.1.2.1) — and the text
 * it shows: the provider down, this app's client refused or misconfigured, or this one sign-in refused.
 */
const TEXT_BY_CODE: Record<string, "providerUnavailable" | "providerMisconfigured" | "providerRefused"> = {
  PROVIDER_UNAVAILABLE: "providerUnavailable",
  JWKS_UNAVAILABLE: "providerUnavailable",
  server_error: "providerUnavailable",
  temporarily_unavailable: "providerUnavailable",
  PROVIDER_MISCONFIGURED: "providerMisconfigured",
  UNKNOWN_AUTH_PROVIDER: "providerMisconfigured",
  JWT_AUDIENCE_MISMATCH: "providerMisconfigured",
  JWT_ISSUER_MISMATCH: "providerMisconfigured",
  invalid_request: "providerMisconfigured",
  unauthorized_client: "providerMisconfigured",
  invalid_client: "providerMisconfigured",
  invalid_scope: "providerMisconfigured",
  unsupported_response_type: "providerMisconfigured",
  TOKEN_EXCHANGE_FAILED: "providerRefused",
  OAUTH_REQUEST_UNKNOWN: "providerRefused",
  NONCE_MISMATCH: "providerRefused",
  INVALID_JWT: "providerRefused",
  INVALID_JWT_SIGNATURE: "providerRefused",
  JWT_EXPIRED: "providerRefused",
};

/**
 * The line under the social panel's body: a text of this plugin's table for a failure whose code it
 * knows (the backend's or the provider's words go to the console), what the backend said otherwise
 * (a sentence meant for people), the timeout text, or one of this plugin's own texts; nothing for a
 * library's or a network's raw error.
 */
export function socialErrorDetail(error: Error, t: OauthStrings, provider: string): string | undefined {
  if (isTimeoutError(error)) return t.timeout;
  const { details, code } = error as { details?: unknown; code?: unknown };
  const known = typeof code === "string" ? TEXT_BY_CODE[code] : undefined;
  if (error.name === "OAuthFailedError" && known) return format(t[known], { provider });
  if (error.name === "OAuthFailedError" && typeof details === "string" && details) return details;
  return READABLE_ERRORS.has(error.name) ? error.message : undefined;
}
