import { LatchError, UserCancelledError } from "latch-kit";

// Social sign-in errors; each has a stable name.

/** The popup was closed before it answered: the flow returns to initial. */
export class OAuthCancelledError extends UserCancelledError {
  override readonly name = "OAuthCancelledError" as const;
  constructor() {
    super("OAuth cancelled");
  }
}

/**
 * The popup (or redirect) returned an error; `details` holds what the backend said, `code` the
 * provider's OAuth error code or the backend's (PROVIDER_UNAVAILABLE, PROVIDER_MISCONFIGURED…).
 */
export class OAuthFailedError extends LatchError {
  override readonly name = "OAuthFailedError" as const;
  readonly code?: string;
  constructor(details?: string, code?: string) {
    super("OAuth failed", details === undefined ? undefined : { details });
    if (code) this.code = code;
  }
}

/** The OAuth result had a status the kit does not know. */
export class UnknownOauthStatusError extends LatchError {
  override readonly name = "UnknownOauthStatusError" as const;
  constructor(status?: unknown) {
    super("Unknown status", { details: status });
  }
}

/** The OAuth redirect could not start. */
export class OauthRedirectError extends LatchError {
  override readonly name = "OauthRedirectError" as const;
  constructor() {
    super("Failed to redirect to OAuth provider after 1 s");
  }
}

/** An OAuth error that came back in the URL (redirect mode), shown on the initial step. */
export class OauthError extends LatchError {
  override readonly name = "OauthError" as const;
}

/** No configured provider has this id. */
export class NoAuthProviderError extends LatchError {
  override readonly name = "NoAuthProviderError" as const;
  constructor(id: string) {
    super(`No auth provider found with id ${id}`);
  }
}

/** The provider has no default scope: give `scope`. */
export class DefaultScopeUnknownError extends LatchError {
  override readonly name = "DefaultScopeUnknownError" as const;
  constructor(id: string) {
    super(`Default scope not known for provider ${id}`);
  }
}

/** Popup OAuth needs `enablePopupOauth` (or `preparePopupOauth`). */
export class PopupOauthNotEnabledError extends LatchError {
  override readonly name = "PopupOauthNotEnabledError" as const;
  constructor() {
    super("enablePopupOauth must be set in configuration or preparePopupOauth must be called before using popup-based OAuth login");
  }
}

/** The browser blocked the sign-in popup. */
export class OauthPopupBlockedError extends LatchError {
  override readonly name = "OauthPopupBlockedError" as const;
  constructor() {
    super("The browser blocked the sign-in window; allow pop-ups for this site and try again");
  }
}

/** The provider's error code when the user declined or cancelled on its page (RFC 6749, section 4.1.2.1): a cancel, not a failure. */
export const cancelledOnProvider = (errorCode: string | undefined): boolean => errorCode === "access_denied";

/** Whether the error means the user cancelled OAuth. */
export const isOauthCancelled = (error: unknown): boolean =>
  error instanceof UserCancelledError || (error instanceof Error && (error.name === "OAuthCancelledError" || error.name === "UserCancelledError"));
