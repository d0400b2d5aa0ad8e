// The error codes routes share, in groups (wire/route-errors.ts and wire/operation-errors.ts list
// each route's and operation's). Plain constants: the kit's published types name them, and no
// schema library comes with them.

/** Codes any route may answer: the body could not be read, the caller is refused before the route, or the server failed. */
export const TRANSPORT_ERRORS = [
  "INVALID_JSON",
  "INVALID_REQUEST",
  "BODY_TOO_LARGE",
  "HOST_NOT_ALLOWED",
  "ORIGIN_NOT_ALLOWED",
  // The production profile's app credentials.
  "API_KEY_REQUIRED",
  "INVALID_API_KEY",
  "INVALID_APP_JWT",
  "HTTP_ERROR",
  "UNAVAILABLE",
  "INTERNAL",
] as const;

/** A stamped request whose stamp, body or signer is refused. */
export const STAMP_ERRORS = [
  "INVALID_STAMP",
  "UNSUPPORTED_STAMP",
  "UNKNOWN_API_KEY",
  "API_KEY_EXPIRED",
  "UNKNOWN_CREDENTIAL",
  "UNKNOWN_MEMBER",
  "INVALID_PASSKEY",
  "PASSKEY_ORIGIN_REFUSED",
  "STALE_REQUEST",
  "STALE_SIGN_COUNT",
  "REPLAYED_REQUEST",
  "WRONG_OPERATION",
  "USER_NOT_FOUND",
  "RATE_LIMITED",
  // A sign-only session key stamped a change (export, factors, contacts, keys): 403.
  "SESSION_SCOPE_SIGN_ONLY",
] as const;

/** A code or link was to be sent: too many sends, no provider configured, or the provider failed. */
export const DELIVERY_ERRORS = ["RATE_LIMITED", "EMAIL_NOT_CONFIGURED", "SMS_NOT_CONFIGURED", "DELIVERY_FAILED", "NO_APP_URL", "ORIGIN_NOT_ALLOWED"] as const;

/** A one-time code was checked. */
export const CODE_ERRORS = ["INVALID_OTP", "OTP_EXPIRED", "OTP_NOT_FOUND", "OTP_ALREADY_USED", "OTP_ATTEMPTS_EXCEEDED", "RATE_LIMITED"] as const;

/** Second-factor codes were checked (or were needed). */
export const FACTOR_ERRORS = [
  "MFA_REQUIRED",
  "INVALID_MFA_CODE",
  "MFA_FACTOR_NOT_FOUND",
  "MFA_ATTEMPTS_EXCEEDED",
  "RATE_LIMITED",
  "INVALID_ENCRYPTED_PAYLOAD",
  "ENCRYPTED_PAYLOAD_EXPIRED",
] as const;

/** A sensitive change made with a session alone: it needs a fresh proof first (the `step-up` route, or a passkey stamp). */
export const STEP_UP_ERRORS = ["STEP_UP_REQUIRED"] as const;

/** A JWT (an app's, or a provider's id token) was verified and its identity signed in. */
export const JWT_ERRORS = [
  "INVALID_JWT",
  "INVALID_JWT_SIGNATURE",
  "JWT_EXPIRED",
  "JWT_NOT_YET_VALID",
  "JWT_ISSUER_MISMATCH",
  "JWT_AUDIENCE_MISMATCH",
  "UNKNOWN_JWT_ISSUER",
  "JWT_ALREADY_USED",
  "JWKS_UNAVAILABLE",
  "NONCE_REQUIRED",
  "NONCE_MISMATCH",
  "UNKNOWN_AUTH_PROVIDER",
  "SIGN_IN_RACE",
] as const;
