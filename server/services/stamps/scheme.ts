import type { ServerContext } from "../../context";

/** What a stamp proves once checked: which credential signed the body, for which organisation. */
export interface VerifiedStamp {
  /** e.g. `api-key:<compressed public key>`. */
  credential: string;
  /** Distinguishes two stamps of the same body by the same credential (replay keys of untimed reads). */
  signatureTag: string;
  /** When the credential stops being valid (epoch ms); replay records are kept that long. */
  validUntil: number;
  /**
   * The organisation the credential belongs to, when the scheme can tell: a body naming the root
   * organisation (passkey sign-in before the user is known) is then read as naming this one.
   */
  organizationId?: string;
  /**
   * Set when the caller asked to defer the key lookup (`deferApiKeyLookup`) and the credential is an
   * API key: its signature is checked, its registration (organisation, expiry) not yet. The caller
   * must check it with `checkApiKeyRegistration`, in the statement that records the replay marker.
   */
  pendingApiKey?: string;
  /** For a session's API key: the frame key its credential bundle was sealed to (binds id tokens to it). */
  frameKey?: string;
  /** For an API key narrowed to signing: `sign` (checked against the route's capability). */
  scope?: "sign";
  /** For a session's API key: when its sign-in passed a second factor (absent: it did not). */
  secondFactorAt?: number;
}

/**
 * One way of stamping a request (API key, WebAuthn). A scheme checks the signature over
 * the exact body and that the credential belongs to the organisation, or throws an ApiError.
 */
export interface StampScheme {
  headerName: string;
  verify(ctx: ServerContext, input: { body: string; headerValue: string; organizationId: string; deferApiKeyLookup?: boolean }): Promise<VerifiedStamp>;
}
