// Each signer route's answer (route → response schema and the error codes it may answer), beside its
// request schema (wire/requests.ts). The server checks its answers against these (server/answers.ts:
// on in tests, and in the dev profile). The kit's response types are plain TypeScript (wire/routes.ts),
// held equal to these schemas by test/types/wire-types.test-d.ts, and its error codes are the same
// table's (wire/route-errors.ts), so neither side can drift. A method outside the repository brings
// its own table of the same shape (`RouteContracts`, `ServerPart.contract`) and augments
// `SignerRoutes` with its types.
import { type } from "arktype";
import { mfaFactor } from "./errors";
import { ROUTE_ERRORS } from "./route-errors";
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
const walletCustody = type("'server' | 'pending' | 'split' | 'none'");
const recoveryKind = type("'passkey' | 'code'");
const signedIn = type({ orgId: "string", userId: "string", address: "string", "solanaAddress?": "string" });

export const responses = {
  lookup: { response: type({ orgId: "string | null" }), errors: ROUTE_ERRORS.lookup },
  signup: {
    response: type({ orgId: "string", "userId?": "string", "address?": "string", "solanaAddress?": "string", "otpId?": "string" }),
    errors: ROUTE_ERRORS.signup,
  },
  auth: {
    response: type({ orgId: "string", "otpId?": "string", "multiFactors?": factors }),
    errors: ROUTE_ERRORS.auth,
  },
  otp: {
    response: type({ status: "'SUCCESS'", credentialBundle: "string" }).or({ status: "'MFA_REQUIRED'", encryptedPayload: "string", multiFactors: factors }),
    errors: ROUTE_ERRORS.otp,
  },
  whoami: {
    response: signedIn.and({ "email?": "string", "phone?": "string", "custody?": "'pending' | 'split'" }),
    errors: ROUTE_ERRORS.whoami,
  },
  "sign-payload": {
    response: type({ signature: "string" }),
    errors: ROUTE_ERRORS["sign-payload"],
  },
  "revoke-session": { response: nothing, errors: ROUTE_ERRORS["revoke-session"] },
  "scoped-session": { response: type({ credentialBundle: "string", expiresAtMs: "number" }), errors: ROUTE_ERRORS["scoped-session"] },
  "prepare-oauth": {
    response: type({ codeChallenge: "string", requestKey: "string", authProviders: oauthAuthProvider.array() }),
    errors: ROUTE_ERRORS["prepare-oauth"],
  },
  "auth-jwt": {
    response: type({ status: "'SUCCESS'", isSignUp: "boolean", orgId: "string", credentialBundle: "string" }).or({
      status: "'MFA_REQUIRED'",
      isSignUp: "false",
      orgId: "string",
      encryptedPayload: "string",
      multiFactors: factors,
    }),
    errors: ROUTE_ERRORS["auth-jwt"],
  },
  "add-oauth-provider": {
    response: type({ oauthProviders: oauthProviderInfo.array() }),
    errors: ROUTE_ERRORS["add-oauth-provider"],
  },
  "remove-oauth-provider": { response: nothing, errors: ROUTE_ERRORS["remove-oauth-provider"] },
  "signer-config": { response: type({ email: { "mode?": "'MAGIC_LINK' | 'OTP'" } }), errors: ROUTE_ERRORS["signer-config"] },
  "custody-state": {
    response: type({ custody: walletCustody, mode: "'server' | 'split' | 'split-required'", "recoveryKind?": recoveryKind, "bundle?": "string", "challenge?": "string" }),
    errors: ROUTE_ERRORS["custody-state"],
  },
  "custody-reshare-source": { response: type({ bundle: "string", challenge: "string" }), errors: ROUTE_ERRORS["custody-reshare-source"] },
  "custody-split": {
    response: type({ custody: "'split'", recoveryKind, address: "string", solanaAddress: "string" }),
    errors: ROUTE_ERRORS["custody-split"],
  },
  "custody-frame-session": { response: type({ credentialBundle: "string" }), errors: ROUTE_ERRORS["custody-frame-session"] },
  "init-otp": { response: type({ otpId: "string" }), errors: ROUTE_ERRORS["init-otp"] },
  "verify-otp": { response: type({ verificationToken: "string" }), errors: ROUTE_ERRORS["verify-otp"] },
  "update-email-auth": {
    response: nothing,
    errors: ROUTE_ERRORS["update-email-auth"],
  },
  "update-phone-auth": {
    response: nothing,
    errors: ROUTE_ERRORS["update-phone-auth"],
  },
  "multi-owner-create": { response: multiOwnerAnswer, errors: ROUTE_ERRORS["multi-owner-create"] },
  "multi-owner-prepare-add": { response: type({ result: preparedActivity }), errors: ROUTE_ERRORS["multi-owner-prepare-add"] },
  "multi-owner-prepare-delete": { response: type({ result: preparedActivity }), errors: ROUTE_ERRORS["multi-owner-prepare-delete"] },
  "multi-owner-add": { response: multiOwnerAnswer, errors: ROUTE_ERRORS["multi-owner-add"] },
  "multi-owner-delete": { response: multiOwnerAnswer, errors: ROUTE_ERRORS["multi-owner-delete"] },
  "multi-owner-update-root-quorum": { response: multiOwnerAnswer, errors: ROUTE_ERRORS["multi-owner-update-root-quorum"] },
  "multi-owner-sign-raw-payload": { response: type({ result: { signature: "string" } }), errors: ROUTE_ERRORS["multi-owner-sign-raw-payload"] },
  "list-auth-methods": { response: authMethods, errors: ROUTE_ERRORS["list-auth-methods"] },
  "auth-request-multi-factor": {
    response: type({ multiFactorType: "string", multiFactorId: "string", multiFactorTotpUrl: "string" }),
    errors: ROUTE_ERRORS["auth-request-multi-factor"],
  },
  "auth-verify-multi-factor": { response: type({ multiFactors: factors }), errors: ROUTE_ERRORS["auth-verify-multi-factor"] },
  "auth-list-multi-factors": { response: type({ multiFactors: factors }), errors: ROUTE_ERRORS["auth-list-multi-factors"] },
  "auth-delete-multi-factors": { response: type({ multiFactors: factors }), errors: ROUTE_ERRORS["auth-delete-multi-factors"] },
  "auth-validate-multi-factors": {
    response: type({ payload: { "credentialBundle?": "string" }, "multiFactors?": factors }),
    errors: ROUTE_ERRORS["auth-validate-multi-factors"],
  },
  "step-up": { response: type({ windowSeconds: "number" }), errors: ROUTE_ERRORS["step-up"] },
} satisfies RouteContracts;

export type ResponseContracts = typeof responses;
