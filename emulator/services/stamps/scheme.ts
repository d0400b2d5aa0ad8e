import type { EmulatorContext } from "../../context";

/** What a stamp proves once checked: which credential signed the body, for which organisation. */
export interface VerifiedStamp {
  /** e.g. `api-key:<compressed public key>`. */
  credential: string;
  /** Distinguishes two stamps of the same body by the same credential (replay keys of untimed reads). */
  signatureTag: string;
  /** When the credential stops being valid (epoch ms); replay records are kept that long. */
  validUntil: number;
}

/**
 * One way of stamping a request (API key today, WebAuthn next). A scheme checks the signature over
 * the exact body and that the credential belongs to the organisation, or throws an ApiError.
 */
export interface StampScheme {
  headerName: string;
  verify(ctx: EmulatorContext, input: { body: string; headerValue: string; organizationId: string }): Promise<VerifiedStamp>;
}
