// The error catalogue. Each class has a stable `name` so apps can tell them apart
// without instanceof (which breaks across bundles).
import type { MfaFactor } from "../wire/routes";
import { SECOND_FACTOR_SESSION_CODE, SECOND_FACTOR_SESSION_TEXT, SIGN_ONLY_SESSION_CODE, SIGN_ONLY_SESSION_TEXT } from "../wire/constants";

/** Base class of every error the kit throws; `name` tells them apart, `cause` keeps the detail. */
export class LatchError extends Error {
  override name: string = "LatchError";
  readonly details?: unknown;
  constructor(message: string, options?: { cause?: unknown; details?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    if (options?.details !== undefined) this.details = options.details;
  }
}

/** The embedded signer has no authenticated session. */
export class NotAuthenticatedError extends LatchError {
  override readonly name = "NotAuthenticatedError" as const;
  readonly docs = "Please authenticate to use this signer";
  constructor() {
    super("Signer not authenticated");
  }
}

/** The action needs a signed-in user. */
export class NotLoggedInError extends LatchError {
  override readonly name = "NotLoggedInError" as const;
  constructor() {
    super("User is not logged in");
  }
}

/** The backend returned no OAuth providers for the user. */
export class OAuthProvidersError extends LatchError {
  override readonly name = "OAuthProvidersError" as const;
  constructor() {
    super("OAuth providers not found");
  }
}

export type { MfaFactor } from "../wire/routes";

/** Sign-in needs a second factor: `multiFactors` lists the user's. */
export class MfaRequiredError extends LatchError {
  override readonly name = "MfaRequiredError" as const;
  readonly multiFactors: MfaFactor[];
  constructor(multiFactors: MfaFactor[]) {
    super("MFA is required for this user");
    this.multiFactors = multiFactors;
  }
}

/** The signer does not support this feature. */
export class UnsupportedFeatureError extends LatchError {
  override readonly name = "UnsupportedFeatureError" as const;
  constructor(feature: string) {
    super(`${feature} not supported by this signer`);
  }
}

/** The backend refused the request for now (rate limit or policy). */

const PERMISSION_DENIED_TEXT = "The request is currently not allowed by the agent or the platform. Try again later.";

/** Refusals that signing in again lifts: their own texts instead of '… Try again later.'. */
const SIGN_IN_AGAIN_TEXTS: Record<string, string> = {
  [SIGN_ONLY_SESSION_CODE]: SIGN_ONLY_SESSION_TEXT,
  [SECOND_FACTOR_SESSION_CODE]: SECOND_FACTOR_SESSION_TEXT,
};

/** A non-OK answer from the signer backend: its code, message and details. */
export class SignerHttpError extends LatchError {
  override name: string = "SignerHttpError";
  readonly code: string;
  readonly status: number;
  constructor(status: number, code: string, message: string, details?: unknown) {
    super(message, { details });
    this.status = status;
    this.code = code;
  }
}

/**
 * The backend refused for now (429: too many codes sent, too many wrong guesses). Shows the text
 * '… Try again later.'; the backend's reason is the `cause`, `retryAfterSeconds` its Retry-After.
 */
export class RateLimitedError extends SignerHttpError {
  override readonly name = "RateLimitedError" as const;
  readonly retryAfterSeconds: number | undefined;
  constructor(code: string, reason: string, retryAfterSeconds?: number, details?: unknown) {
    super(429, code, PERMISSION_DENIED_TEXT, details);
    this.cause = new Error(reason);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * The backend refused the action for a policy reason (403: an origin not allowed, a member not in
 * the root quorum, another organisation's user). Shows '… Try again later.'; the backend's code is
 * `code`, its reason the `cause`. A sign-only session (restored from the app's copy of the frame key)
 * asking to export or change how the user signs in (`SESSION_SCOPE_SIGN_ONLY`) shows that it must
 * sign in again instead; so does a session whose sign-in did not pass the user's second factor asking
 * to export a split wallet (`MFA_REQUIRED`).
 */
export class PermissionDeniedError extends SignerHttpError {
  override readonly name = "PermissionDeniedError" as const;
  constructor(code = "PERMISSION_DENIED", reason?: string, details?: unknown) {
    super(403, code, SIGN_IN_AGAIN_TEXTS[code] ?? PERMISSION_DENIED_TEXT, details);
    if (reason) this.cause = new Error(reason);
  }
}

/** One proof the backend takes for a step-up: a TOTP code of a factor, a code to a contact, a passkey. */
export interface StepUpProof {
  /** `totp`, `otp` or `passkey` (the backend's names; a prover registers for one). */
  type: string;
  /** `totp`: the factor whose code to ask for. */
  multiFactorId?: string;
  multiFactorType?: string;
  /** `otp`: the channel of the account's contact to send a code to. */
  otpType?: "OTP_TYPE_EMAIL" | "OTP_TYPE_SMS";
}

/** What the user reads when a change needs a fresh proof and none could be given (ours: the spec has no text for it). */
export const STEP_UP_REQUIRED_TEXT = "Confirm it's you to make this change: enter a code from your authenticator app or from a message we send you.";

/**
 * A sensitive change (removing a factor, a passkey or a linked provider, changing the email or
 * phone, exporting the wallet, creating API keys) was refused to the session alone (403
 * STEP_UP_REQUIRED). `proofs` are what the account can prove with, strongest first; the kit asks
 * for one through the registered step-up provers and sends the change again.
 */
export class StepUpRequiredError extends SignerHttpError {
  override name: string = "StepUpRequiredError";
  readonly proofs: StepUpProof[];
  constructor(proofs: StepUpProof[], reason?: string, details?: unknown) {
    super(403, "STEP_UP_REQUIRED", STEP_UP_REQUIRED_TEXT, details);
    this.proofs = proofs;
    if (reason) this.cause = new Error(reason);
  }
}

/** The user cancelled (closed the dialog, popup or prompt). */
export class UserCancelledError extends LatchError {
  override name: string = "UserCancelledError";
}

/** The kit's or a plugin's config is invalid; the message names the field. */
export class ConfigError extends LatchError {
  override readonly name = "ConfigError" as const;
}

/** The dialog was opened without `ui.auth` in the kit's config. */
export class MissingUiAuthConfigError extends LatchError {
  override readonly name = "MissingUiAuthConfigError" as const;
  constructor() {
    super("Auth config expected to be present in UiConfigStore");
  }
}

/** A configured section type has no plugin that provides it. */
export class UnimplementedSectionError extends LatchError {
  override readonly name = "UnimplementedSectionError" as const;
  constructor(type: string) {
    super(`Section type "${type}" is not implemented: install the plugin that provides it`);
  }
}

/** `authenticate()` got a type no installed plugin handles. */
export class MissingAuthenticatorError extends LatchError {
  override readonly name = "MissingAuthenticatorError" as const;
  constructor(type: string) {
    super(`No signer can authenticate "${type}": install the plugin that provides it`);
  }
}

/** A service was used whose plugin is not installed. */
export class MissingServiceError extends LatchError {
  override name = "MissingServiceError";
  constructor(service: string, hint?: string) {
    super(hint ?? `No "${service}" service is registered in this kit: install the plugin that provides it`);
  }
}

/** An error the kit could not classify; the original is the `cause`. */
export class UnknownError extends LatchError {
  override readonly name = "Error" as const;
  constructor() {
    super("Unknown error");
  }
}

/** Whatever was thrown, as an Error (unknown errors are name 'Error', message 'Unknown error'). */
export function toError(thrown: unknown): Error {
  if (thrown instanceof Error) return thrown;
  if (typeof thrown === "string" && thrown) return new LatchError(thrown);
  return new UnknownError();
}
