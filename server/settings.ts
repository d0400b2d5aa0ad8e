// What an instance is set to (its profile, email mode, JWT issuers, limits): types the context and
// the options both name, here so the context need not import the options (which name the app).
export type Profile = "dev" | "production";

/** A JWT issuer the app brings (custom JWT sign-in): its JWTs verify against `jwksUri` and must name `audience`. */
export interface JwtIssuerOption {
  /** The auth provider id clients send (`authProvider`); default the issuer. */
  id?: string;
  issuer: string;
  jwksUri: string;
  audience: string | string[];
}

export type EmailMode = "otp" | "magic-link";

export interface Limits {
  otpTtlMs: number;
  /** Wrong tries after which a code is dead. */
  otpMaxAttempts: number;
  /** Codes (and magic links) sent to one contact per window. */
  sendMaxPerWindow: number;
  sendWindowMs: number;
  /** Codes and links sent to one contact per 24 hours. */
  sendsPerContactPerDay: number;
  /** Codes and links one client address may have sent per minute, whatever the contact. */
  sendsPerClientPerMinute: number;
  /** Codes and links sent per minute for one app (its Origin; requests without one share a cap). */
  sendsPerAppPerMinute: number;
  /** How far a stamped body's timestampMs may be from now. */
  stampMaxSkewMs: number;
  mfaPayloadTtlMs: number;
  verificationTokenTtlSeconds: number;
  /** How long a step-up proof (a TOTP code, a code to the account's contact) lets its session make sensitive changes. */
  stepUpWindowMs: number;
  /** How long a session a first-factor sign-in opened counts as its own fresh proof (0: never; the session then steps up as any other). */
  signInProofMs: number;
  defaultExpirationSeconds: number;
  /** The sliding window of the guess budgets below. */
  guessWindowMs: number;
  /**
   * Failed email/SMS codes per account per window, across codes (OWASP ASVS 2.2.1: at most 100 an
   * hour). When spent, a code sent afterwards still gets one try from a client new to the account,
   * within `freshCodeGuessesPerAccount`, or from a client that signed in to the account before.
   */
  guessesPerAccount: number;
  /** Wrong one-try guesses of fresh codes per account per window, after `guessesPerAccount` is spent (90 + 10 = 100). */
  freshCodeGuessesPerAccount: number;
  /** How long a client address that redeemed a code for an account stays known to it (the fresh-code try past every budget). */
  knownClientMs: number;
  /** Failed codes per client address per window, across accounts. */
  guessesPerClient: number;
  /** Failed TOTP codes per user per window. */
  totpFailuresPerUser: number;
  /** TOTP attempts on one pending MFA sign-in (encryptedPayload); then it is dead and the sign-in starts over. */
  totpAttemptsPerContext: number;
}
