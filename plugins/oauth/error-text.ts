import { isTimeoutError } from "latch-kit";
import type { OauthStrings } from "./strings";

/** This plugin's own errors, whose messages are the spec's texts or written for people. */
const READABLE_ERRORS = new Set(["UnknownOauthStatusError", "OauthRedirectError", "OauthPopupBlockedError", "NoAuthProviderError", "OAuthFailedError"]);

/**
 * The line under the social panel's body: what the provider or the backend said about a failed
 * sign-in (a sentence meant for people), the timeout text, or one of this plugin's own texts;
 * nothing for a library's or a network's raw error (it goes to the console).
 */
export function socialErrorDetail(error: Error, t: OauthStrings): string | undefined {
  if (isTimeoutError(error)) return t.timeout;
  const details: unknown = (error as { details?: unknown }).details;
  if (error.name === "OAuthFailedError" && typeof details === "string" && details) return details;
  return READABLE_ERRORS.has(error.name) ? error.message : undefined;
}
