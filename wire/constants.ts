// Names on the wire that the kit and the server both use (the signer wire contract): one copy, imported by both.

/** Header carrying SDK_VERSION on every signer and chain call (the hosted signer's own name, kept for compatibility). */
export const SDK_VERSION_HEADER = "Alchemy-AA-Sdk-Version";
/** The COSE algorithms passkeys may use (ES256, RS256). */
export const PASSKEY_ALGORITHMS = [-7, -257] as const;
/** The payload a `step-up` call's stamped sign_raw_payload names (its hex, or the name itself). */
export const STEP_UP_ACTION = "step_up" as const;
/** The second-factor operations, by name. */
export const MFA_ACTIONS = { add: "add_mfa", delete: "delete_mfas", verify: "verify_mfa", list: "list_mfas" } as const;
/** The one second-factor type: an authenticator app (TOTP). */
export const MFA_FACTOR_TYPE = "totp" as const;
/** The number of digits of one-time codes. */
export const OTP_LENGTH = 6;
/**
 * The parent organisation a discoverable-passkey sign-in stamps its whoami against when the
 * user's own organisation is not known yet; the backend resolves the user from the credential.
 */
export const DEFAULT_ROOT_ORG_ID = "latch-root-org";
/**
 * Query parameters read (then removed) on return from an email link or a social redirect.
 */
export const RETURN_PARAMS = {
  bundle: "bundle",
  orgId: "orgId",
  status: "status",
  oauthBundle: "latch-bundle",
  oauthOrgId: "latch-org-id",
  idToken: "latch-id-token",
  accessToken: "latch-access-token",
  isSignup: "latch-is-signup",
  otpId: "latch-otp-id",
  email: "latch-email",
  authProvider: "latch-auth-provider",
  error: "latch-error",
  /** The provider's OAuth error code (access_denied: the user cancelled). */
  errorCode: "latch-error-code",
  /** A social sign-in of a user with a second factor: the pending sign-in and its factors (JSON). */
  encryptedPayload: "latch-encrypted-payload",
  multiFactors: "latch-multi-factors",
  /** The page that asked for a magic link (its full URL); the server builds the link on it when it is on an allowed app origin. */
  returnTo: "latch-return-to",
} as const;
/** The operation list-auth-methods' stamped request names (the hosted signer's, kept for compatibility). */
export const LIST_AUTH_METHODS_OPERATION = "query/list_authenticators";
/** The operation revoke-session's stamped request names, and its activity type: the stamping session key ends. */
export const REVOKE_SESSION_OPERATION = "submit/revoke_session";
export const REVOKE_SESSION_ACTIVITY = "ACTIVITY_TYPE_REVOKE_SESSION";
/** scoped-session's operation and activity type: a session key narrowed to a scope, sealed to a frame key. */
export const SCOPED_SESSION_OPERATION = "submit/create_scoped_session";
export const SCOPED_SESSION_ACTIVITY = "ACTIVITY_TYPE_CREATE_SCOPED_SESSION";
/** The one narrower scope: the key reads and signs; export and changes to how the user signs in are refused (403 SESSION_SCOPE_SIGN_ONLY). */
export const SIGN_ONLY_SCOPE = "SESSION_SCOPE_SIGN_ONLY";
/** What a sign-only session is told when it asks for more (the server's message and the kit's text, one string). */
export const SIGN_ONLY_SESSION_TEXT = "This session can sign but not export the wallet or change how you sign in. Sign in again to do that.";
/** The refusal's code (403). */
export const SIGN_ONLY_SESSION_CODE = "SESSION_SCOPE_SIGN_ONLY";
/** A split wallet's share (at sign-in, or in its export) asked by a session whose sign-in did not pass the user's second factor (403). */
export const SECOND_FACTOR_SESSION_CODE = "MFA_REQUIRED";
/** What the kit shows for it when the user cannot be asked there and then (an export): sign in again. */
export const SECOND_FACTOR_SESSION_TEXT = "This session did not pass your second factor. Sign in again with your authenticator code to do that.";
