// The wire's named shapes as plain TypeScript: what the kit's published types name. The server's
// schemas (wire/schemas.ts, wire/requests.ts, wire/responses.ts, wire/errors.ts) check the same
// shapes, and test/types/wire-types.test-d.ts holds each type equal to its schema's inferred type,
// so the two cannot drift while an app's compiler never meets the schema library.

/** A request stamped by the user's key: its URL, body and stamp. */
export interface StampedRequest {
  url: string;
  body: string;
  stamp: { stampHeaderName: string; stampHeaderValue: string };
}

/** What every stamped body carries: the organisation it acts in and, for writes, when it was stamped. */
export interface StampedBody {
  organizationId: string;
  timestampMs?: string | number;
}

/** A body that is one stamped request. */
export interface StampedOnly {
  stampedRequest: StampedRequest;
}

/** How email sign-in works: a magic link or a one-time code. */
export type EmailMode = "otp" | "magicLink";

/** A second factor of the user (its id and type). */
export interface MfaFactor {
  multiFactorId: string;
  multiFactorType: string;
}

/** A second factor's code, as a sign-in sends it. */
export interface FactorCode {
  multiFactorId: string;
  multiFactorCode: string;
}

/** Seconds as a number or a numeric string (clients send both); the server allows at most 30 days. */
export type ExpirationSeconds = number | string;

/** A passkey attestation as the kit sends it (every binary field base64url). */
export interface PasskeyAttestation {
  credentialId: string;
  clientDataJson: string;
  attestationObject: string;
  transports?: string[];
}

/** A new passkey: the challenge, the WebAuthn user handle it was made for (base64url), the attestation. */
export interface PasskeyRegistration {
  challenge: string;
  authenticatorUserId?: string;
  attestation: PasskeyAttestation;
}

/** A member of a multi-owner organization. */
export interface MultiOwnerMember {
  userId: string;
  evmSignerAddress: `0x${string}`;
}

/** A multi-owner organization: its id, members and quorum. */
export interface MultiOwnerOrganization {
  orgId: string;
  /** The organisation's own signing address. */
  evmSignerAddress: `0x${string}`;
  members: MultiOwnerMember[];
  rootQuorum: { threshold: number; userIds: string[] };
}

/** The user's sign-in methods, as the backend lists them. */
export interface AuthMethods {
  email?: string;
  phone?: string;
  oauthProviders: { providerId: string; issuer?: string; providerName?: string; userDisplayName?: string }[];
  passkeys: { authenticatorId: string; name: string; createdAt: string | number }[];
}

/** A provider `prepare-oauth` offers: where its login page is and the client id to use there. */
export interface OauthAuthProvider {
  id: string;
  isCustomProvider?: boolean;
  clientId: string;
  authEndpoint: string;
}

/** A social (or custom-JWT) identity linked to the user. */
export interface OauthProviderInfo {
  providerId: string;
  issuer: string;
  providerName?: string;
  userDisplayName?: string;
}

/** Every error answer: `{code, message, error, details?}` (`error` repeats the message for clients that read that field). */
export interface ErrorBody {
  code: string;
  message: string;
  error: string;
  details?: unknown;
  /** MFA_REQUIRED: the factors to ask for, where hosted-signer clients read them. */
  data?: { multiFactors: MfaFactor[] };
}
