// Each signer route's answer (route → response schema and the error codes it may answer), beside its
// request schema (wire/requests.ts). The server checks its answers against these (server/answers.ts:
// on in tests, and in the dev profile), and wire/routes.ts infers the kit's response and error types
// from them, so neither side can drift. A method outside the repository brings its own table of the
// same shape (`RouteContracts`, `ServerPart.contract`) and augments `SignerRoutes` with its types.
import { type } from "arktype";
import { CODE_ERRORS, DELIVERY_ERRORS, FACTOR_ERRORS, JWT_ERRORS, STAMP_ERRORS, TRANSPORT_ERRORS, mfaFactor } from "./errors";
import type { RouteContracts } from "./contract";

const evmAddress = type(/^0x[0-9a-fA-F]{40}$/).as<`0x${string}`>();
const factors = mfaFactor.array();
const nothing = type({});

export const multiOwnerOrganization = type({
  orgId: "string",
  /** The organisation's own signing address. */
  evmSignerAddress: evmAddress,
  members: type({ userId: "string", evmSignerAddress: evmAddress }).array(),
  rootQuorum: { threshold: "number.integer >= 1", userIds: "string[]" },
});

export const oauthProviderInfo = type({ providerId: "string", issuer: "string", "providerName?": "string", "userDisplayName?": "string" });

export const authMethods = type({
  "email?": "string",
  "phone?": "string",
  oauthProviders: type({ providerId: "string", "issuer?": "string", "providerName?": "string", "userDisplayName?": "string" }).array(),
  passkeys: type({ authenticatorId: "string", name: "string", createdAt: "string | number" }).array(),
});

export const oauthAuthProvider = type({ id: "string", "isCustomProvider?": "boolean", clientId: "string", authEndpoint: "string" });

/** A key-management request a member then stamps (multi-owner prepare routes). */
const preparedActivity = type({ type: "string", timestampMs: "string", organizationId: "string", parameters: "Record<string, unknown>" });
const multiOwnerAnswer = type({ result: multiOwnerOrganization });
/** Multi-owner changes: a member of the root quorum stamps them. */
const MULTI_OWNER_ERRORS = [...TRANSPORT_ERRORS, ...STAMP_ERRORS, "ORGANIZATION_NOT_FOUND", "NOT_A_MEMBER", "NOT_IN_ROOT_QUORUM", "CONSENSUS_NEEDED"] as const;
/** Sign-up and sign-in with a contact or a passkey: whichever method claims the body answers. */
const SIGN_IN_ERRORS = [...TRANSPORT_ERRORS, ...DELIVERY_ERRORS, ...FACTOR_ERRORS, "USER_EXISTS", "USER_NOT_FOUND", "INVALID_PASSKEY", "PASSKEY_EXISTS", "PASSKEY_ORIGIN_REFUSED"] as const;
/** A stamped change to the user's own sign-in methods. */
const ACCOUNT_ERRORS = [...TRANSPORT_ERRORS, ...STAMP_ERRORS, "USER_NOT_IN_ORGANIZATION", "LAST_SIGN_IN_METHOD"] as const;
/** MFA calls stamped by the user (sign_raw_payload with the action as payload). */
const FACTOR_CALL_ERRORS = [...TRANSPORT_ERRORS, ...STAMP_ERRORS, "SIGN_WITH_NOT_OWNED"] as const;
const walletCustody = type("'server' | 'pending' | 'split'");
const recoveryKind = type("'passkey' | 'code'");
/** Split custody's calls: stamped by a session whose frame receives the shares. */
const CUSTODY_ERRORS = [...TRANSPORT_ERRORS, ...STAMP_ERRORS, "USER_NOT_FOUND", "FRAME_SESSION_REQUIRED", "MFA_REQUIRED"] as const;
const signedIn = type({ orgId: "string", userId: "string", address: "string", "solanaAddress?": "string" });

export const responses = {
  lookup: { response: type({ orgId: "string | null" }), errors: [...TRANSPORT_ERRORS, "UNSUPPORTED"] },
  signup: {
    response: type({ orgId: "string", "userId?": "string", "address?": "string", "solanaAddress?": "string", "otpId?": "string" }),
    errors: SIGN_IN_ERRORS,
  },
  auth: {
    response: type({ orgId: "string", "otpId?": "string", "multiFactors?": factors }),
    errors: SIGN_IN_ERRORS,
  },
  otp: {
    response: type({ status: "'SUCCESS'", credentialBundle: "string" }).or({ status: "'MFA_REQUIRED'", encryptedPayload: "string", multiFactors: factors }),
    errors: [...TRANSPORT_ERRORS, ...CODE_ERRORS, ...FACTOR_ERRORS, "USER_NOT_FOUND"],
  },
  whoami: {
    response: signedIn.and({ "email?": "string", "phone?": "string", "custody?": "'pending' | 'split'" }),
    errors: [...TRANSPORT_ERRORS, ...STAMP_ERRORS],
  },
  "sign-payload": {
    response: type({ signature: "string" }),
    errors: [...TRANSPORT_ERRORS, ...STAMP_ERRORS, "SIGN_WITH_NOT_OWNED", "WALLET_IN_SPLIT_CUSTODY", "SPLIT_CUSTODY_REQUIRED"],
  },
  "revoke-session": { response: nothing, errors: [...TRANSPORT_ERRORS, ...STAMP_ERRORS, "SESSION_KEY_REQUIRED"] },
  "scoped-session": { response: type({ credentialBundle: "string", expiresAtMs: "number" }), errors: [...TRANSPORT_ERRORS, ...STAMP_ERRORS] },
  "prepare-oauth": {
    response: type({ codeChallenge: "string", requestKey: "string", authProviders: oauthAuthProvider.array() }),
    errors: TRANSPORT_ERRORS,
  },
  "auth-jwt": {
    response: type({ status: "'SUCCESS'", isSignUp: "boolean", orgId: "string", credentialBundle: "string" }).or({
      status: "'MFA_REQUIRED'",
      isSignUp: "false",
      orgId: "string",
      encryptedPayload: "string",
      multiFactors: factors,
    }),
    errors: [...TRANSPORT_ERRORS, ...JWT_ERRORS],
  },
  "add-oauth-provider": {
    response: type({ oauthProviders: oauthProviderInfo.array() }),
    errors: [...ACCOUNT_ERRORS, ...JWT_ERRORS, "OAUTH_PROVIDER_IN_USE", "SESSION_KEY_REQUIRED"],
  },
  "remove-oauth-provider": { response: nothing, errors: [...ACCOUNT_ERRORS, "OAUTH_PROVIDER_NOT_FOUND"] },
  "signer-config": { response: type({ email: { "mode?": "'MAGIC_LINK' | 'OTP'" } }), errors: TRANSPORT_ERRORS },
  "custody-state": {
    response: type({ custody: walletCustody, mode: "'server' | 'split' | 'split-required'", "recoveryKind?": recoveryKind, "bundle?": "string" }),
    errors: CUSTODY_ERRORS,
  },
  "custody-reshare-source": { response: type({ bundle: "string" }), errors: [...CUSTODY_ERRORS, "SPLIT_CUSTODY_DISABLED", "WALLET_IN_SPLIT_CUSTODY", "WALLET_HAS_EXTRA_ACCOUNTS"] },
  "custody-split": {
    response: type({ custody: "'split'", recoveryKind }),
    errors: [...CUSTODY_ERRORS, "SPLIT_CUSTODY_DISABLED", "SPLIT_OF_ANOTHER_WALLET", "INVALID_SHARES", "CUSTODY_CHANGED"],
  },
  "custody-frame-session": {
    response: type({ credentialBundle: "string" }),
    errors: [...TRANSPORT_ERRORS, ...STAMP_ERRORS, "USER_NOT_FOUND", "PASSKEY_STAMP_REQUIRED", "SPLIT_CUSTODY_DISABLED"],
  },
  "init-otp": { response: type({ otpId: "string" }), errors: [...TRANSPORT_ERRORS, ...DELIVERY_ERRORS] },
  "verify-otp": { response: type({ verificationToken: "string" }), errors: [...TRANSPORT_ERRORS, ...CODE_ERRORS] },
  "update-email-auth": {
    response: nothing,
    errors: [...ACCOUNT_ERRORS, "WRONG_ORGANIZATION", "CONTACT_TAKEN", "VERIFICATION_TOKEN_REQUIRED", "INVALID_VERIFICATION_TOKEN", "VERIFICATION_TOKEN_MISMATCH", "VERIFICATION_TOKEN_USED"],
  },
  "update-phone-auth": {
    response: nothing,
    errors: [...ACCOUNT_ERRORS, "WRONG_ORGANIZATION", "CONTACT_TAKEN", "VERIFICATION_TOKEN_REQUIRED", "INVALID_VERIFICATION_TOKEN", "VERIFICATION_TOKEN_MISMATCH", "VERIFICATION_TOKEN_USED"],
  },
  "multi-owner-create": { response: multiOwnerAnswer, errors: [...TRANSPORT_ERRORS, "MEMBER_PROOF_REQUIRED", "INVALID_MEMBER_PROOF", "STALE_REQUEST", "REPLAYED_REQUEST"] },
  "multi-owner-prepare-add": { response: type({ result: preparedActivity }), errors: [...TRANSPORT_ERRORS, "ORGANIZATION_NOT_FOUND"] },
  "multi-owner-prepare-delete": { response: type({ result: preparedActivity }), errors: [...TRANSPORT_ERRORS, "ORGANIZATION_NOT_FOUND", "UNKNOWN_MEMBER"] },
  "multi-owner-add": { response: multiOwnerAnswer, errors: [...MULTI_OWNER_ERRORS, "TOO_MANY_MEMBERS"] },
  "multi-owner-delete": { response: multiOwnerAnswer, errors: [...MULTI_OWNER_ERRORS, "LAST_MEMBER"] },
  "multi-owner-update-root-quorum": { response: multiOwnerAnswer, errors: MULTI_OWNER_ERRORS },
  "multi-owner-sign-raw-payload": { response: type({ result: { signature: "string" } }), errors: [...MULTI_OWNER_ERRORS, "SIGN_WITH_NOT_OWNED"] },
  "list-auth-methods": { response: authMethods, errors: [...TRANSPORT_ERRORS, ...STAMP_ERRORS, "WRONG_ORGANIZATION", "USER_NOT_IN_ORGANIZATION", "NOT_SIGNED_IN"] },
  "auth-request-multi-factor": {
    response: type({ multiFactorType: "string", multiFactorId: "string", multiFactorTotpUrl: "string" }),
    errors: [...FACTOR_CALL_ERRORS, "UNSUPPORTED_MFA_FACTOR_TYPE"],
  },
  "auth-verify-multi-factor": { response: type({ multiFactors: factors }), errors: [...FACTOR_CALL_ERRORS, ...FACTOR_ERRORS] },
  "auth-list-multi-factors": { response: type({ multiFactors: factors }), errors: FACTOR_CALL_ERRORS },
  "auth-delete-multi-factors": { response: type({ multiFactors: factors }), errors: [...FACTOR_CALL_ERRORS, "MFA_FACTOR_NOT_FOUND"] },
  "auth-validate-multi-factors": {
    response: type({ payload: { "credentialBundle?": "string" }, "multiFactors?": factors }),
    errors: [...TRANSPORT_ERRORS, ...FACTOR_ERRORS, "ENCRYPTED_PAYLOAD_USED"],
  },
} satisfies RouteContracts;

export type ResponseContracts = typeof responses;
