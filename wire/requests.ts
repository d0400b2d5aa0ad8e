// Each signer route's request schema (route → schema), beside the field schemas it is made of. The
// server validates with these. The kit's request types are plain TypeScript (wire/routes.ts), held
// equal to these schemas' inputs (`RequestOf<route>`) by test/types/wire-types.test-d.ts, so the two
// cannot drift. A method outside the repository keeps its own.
import { type } from "arktype";
import * as s from "./schemas";

const stampedOnly = type({ stampedRequest: s.stampedRequest });

export const requests = {
  /** `lookup` by email, or by phone (two schemas: a phone is normalised, and arktype refuses a union with a morph on one side). */
  "lookup-email": type({ email: s.email }),
  "lookup-phone": type({ phone: s.phone }),
  /** `signup` / `auth` with an email (email-otp, magic-link). */
  "email-sign-in": type({
    email: s.email,
    "emailMode?": "'otp' | 'magicLink'",
    targetPublicKey: s.targetPublicKey,
    "expirationSeconds?": s.expirationSeconds,
    "redirectParams?": "string",
    "multiFactors?": s.factorCodes,
  }),
  /** `signup` / `auth` with a phone (sms). */
  "sms-sign-in": type({ phone: s.phone, targetPublicKey: s.targetPublicKey, "expirationSeconds?": s.expirationSeconds }),
  /** `signup` with a passkey (passkey). */
  "passkey-sign-up": type({ passkey: s.passkeyRegistration, "email?": s.email }),
  otp: type({
    orgId: s.uuid,
    otpId: s.uuid,
    otpCode: "string",
    targetPublicKey: s.targetPublicKey,
    "expirationSeconds?": s.expirationSeconds,
    "multiFactors?": s.factorCodes,
  }),
  "init-otp": type({ contact: "string", otpType: "'OTP_TYPE_EMAIL' | 'OTP_TYPE_SMS'" }),
  "verify-otp": type({ otpId: s.uuid, otpCode: "string" }),
  whoami: stampedOnly,
  "sign-payload": stampedOnly,
  /** Logout: the stamping session key is deleted (submit/revoke_session). */
  "revoke-session": stampedOnly,
  /** A sign-only session key sealed to a frame key (submit/create_scoped_session), stamped by the session. */
  "scoped-session": stampedOnly,
  "prepare-oauth": type({ nonce: type(/^[0-9a-fA-F]{64}$/).describe("the hex sha256 of the auth frame's public key (64 hex digits)") }),
  "auth-jwt": type({ jwt: "string > 0", targetPublicKey: s.targetPublicKey, "authProvider?": "string", "expirationSeconds?": s.expirationSeconds }),
  "add-oauth-provider": stampedOnly,
  "remove-oauth-provider": stampedOnly,
  "update-email-auth": stampedOnly,
  "update-phone-auth": stampedOnly,
  /** Unstamped as Account Kit's signer SDK sends it: then only for an organisation signed in now (see the route). */
  "list-auth-methods": type({ suborgId: s.uuid, "stampedRequest?": s.stampedRequest }),
  "auth-request-multi-factor": type({ stampedRequest: s.stampedRequest, multiFactorType: "string" }),
  "auth-verify-multi-factor": type({ stampedRequest: s.stampedRequest, multiFactorId: s.uuid, multiFactorCode: "string" }),
  "auth-list-multi-factors": stampedOnly,
  "auth-delete-multi-factors": type({ stampedRequest: s.stampedRequest, multiFactorIds: s.uuid.array() }),
  "auth-validate-multi-factors": type({ encryptedPayload: "string", multiFactors: s.factorCodes }),
  /**
   * A fresh proof for the stamping session (sensitive changes answer STEP_UP_REQUIRED without one):
   * a code of the user's authenticator app, a `verify-otp` token for the account's own email or phone,
   * or the same body stamped by one of the user's passkeys.
   */
  "step-up": type({
    stampedRequest: s.stampedRequest,
    "multiFactors?": s.factorCodes.atLeastLength(1),
    "verificationToken?": "string > 0",
    /** The same body stamped by one of the user's passkeys (X-Stamp-Webauthn): a user-verified assertion. */
    "passkeyStamp?": { stampHeaderName: "string", stampHeaderValue: "string" },
  }),
  /** Each member signs the creation message with `timestampMs` (wire/multi-owner.ts): proof they hold their key. */
  "multi-owner-create": type({ members: s.multiOwnerCreationMembers, "timestampMs?": "string" }),
  /** `multi-owner-prepare-add` / `-delete`: the members to add or remove. */
  "multi-owner-prepare": type({ organizationId: s.uuid, members: s.multiOwnerMembers }),
  "multi-owner-add": stampedOnly,
  "multi-owner-delete": stampedOnly,
  "multi-owner-update-root-quorum": stampedOnly,
  "multi-owner-sign-raw-payload": stampedOnly,
  "signer-config": type({}),
  /** Split custody: the wallet's custody and its frame's shares; the entropy to split; the frame's split. */
  "custody-state": stampedOnly,
  "custody-reshare-source": stampedOnly,
  "custody-split": stampedOnly,
  /** A passkey-stamped session's frame session: a session key sealed to the auth frame, for split custody's calls. */
  "custody-frame-session": stampedOnly,
};

export type RequestSchemas = typeof requests;
/** What a client sends to a route (the schema's input: e.g. `expirationSeconds` as a number or a numeric string). */
export type RequestOf<R extends keyof RequestSchemas> = RequestSchemas[R]["inferIn"];
