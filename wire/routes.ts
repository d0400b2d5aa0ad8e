// The signer backend's route table (docs/signer-api.md): route → request, response, error, in plain
// TypeScript (wire/shapes.ts names the shapes routes share). The server validates with the schemas of
// wire/requests.ts and wire/responses.ts; test/types/wire-types.test-d.ts holds every route here
// equal to those schemas' inferred types, and the error codes come from the same table the server
// checks (wire/route-errors.ts), so neither side can drift. A method outside the repository adds its
// routes by augmenting SignerRoutes with `RouteTypes<its contract>`.
import type { ErrorWith } from "./contract-types";
import type { ROUTE_ERRORS } from "./route-errors";
import type {
  AuthMethods,
  EmailMode,
  ErrorBody,
  ExpirationSeconds,
  FactorCode,
  MfaFactor,
  MultiOwnerOrganization,
  OauthAuthProvider,
  OauthProviderInfo,
  PasskeyRegistration,
  StampedOnly,
  StampedRequest,
} from "./shapes";

export type { RouteContract, RouteContracts, RouteTypes } from "./contract-types";
export type {
  AuthMethods,
  EmailMode,
  ErrorBody,
  MfaFactor,
  MultiOwnerMember,
  MultiOwnerOrganization,
  OauthAuthProvider,
  OauthProviderInfo,
  StampedBody,
  StampedRequest,
} from "./shapes";

/** `signup` / `auth` with an email (email-otp, magic-link). */
export interface EmailSignInRequest {
  email: string;
  emailMode?: EmailMode;
  targetPublicKey: string;
  expirationSeconds?: ExpirationSeconds;
  redirectParams?: string;
  multiFactors?: FactorCode[];
}

/** `signup` / `auth` with a phone (sms). */
export interface SmsSignInRequest {
  phone: string;
  targetPublicKey: string;
  expirationSeconds?: ExpirationSeconds;
}

/** `signup` with a passkey (passkey). */
export interface PasskeySignUpRequest {
  passkey: PasskeyRegistration;
  email?: string;
}

/** The members a multi-owner organisation is made with, or gains or loses. */
type Members = { evmSignerAddress: string }[];
/** A key-management request a member then stamps (multi-owner prepare routes). */
type PreparedActivity = { type: string; timestampMs: string; organizationId: string; parameters: Record<string, unknown> };
/** A sign-in's answer once a code or token was accepted: the session's credential, or the second factors still needed. */
type SignedInOrFactors = { status: "SUCCESS"; credentialBundle: string } | { status: "MFA_REQUIRED"; encryptedPayload: string; multiFactors: MfaFactor[] };
/** Who holds a wallet's key: the server, or shares split with the user's frame (pending while a split is under way; none: the frame creates the wallet). */
type WalletCustody = "server" | "pending" | "split" | "none";
/** What recovers a split wallet: a passkey or a recovery code. */
type RecoveryKind = "passkey" | "code";

/** A route of the table: its request and response, and its error answer with the codes wire/route-errors.ts lists for it. */
type Route<R extends keyof typeof ROUTE_ERRORS, Request, Response> = { request: Request; response: Response; error: ErrorWith<(typeof ROUTE_ERRORS)[R]> };

/** The signer backend's routes: each route's request, response and error answer. */
export interface SignerRoutes {
  lookup: Route<"lookup", { email: string } | { phone: string }, { orgId: string | null }>;
  signup: Route<
    "signup",
    Omit<EmailSignInRequest, "multiFactors"> | SmsSignInRequest | PasskeySignUpRequest,
    { orgId: string; userId?: string; address?: string; solanaAddress?: string; otpId?: string }
  >;
  auth: Route<"auth", EmailSignInRequest | SmsSignInRequest, { orgId: string; otpId?: string; multiFactors?: MfaFactor[] }>;
  otp: Route<
    "otp",
    { orgId: string; otpId: string; otpCode: string; targetPublicKey: string; expirationSeconds?: ExpirationSeconds; multiFactors?: FactorCode[] },
    SignedInOrFactors
  >;
  whoami: Route<
    "whoami",
    StampedOnly,
    { orgId: string; userId: string; address: string; solanaAddress?: string; email?: string; phone?: string; custody?: "pending" | "split" }
  >;
  "sign-payload": Route<"sign-payload", StampedOnly, { signature: string }>;
  "revoke-session": Route<"revoke-session", StampedOnly, object>;
  "scoped-session": Route<"scoped-session", StampedOnly, { credentialBundle: string; expiresAtMs: number }>;
  "prepare-oauth": Route<"prepare-oauth", { nonce: string }, { codeChallenge: string; requestKey: string; authProviders: OauthAuthProvider[] }>;
  "auth-jwt": Route<
    "auth-jwt",
    { jwt: string; targetPublicKey: string; authProvider?: string; expirationSeconds?: ExpirationSeconds },
    | { status: "SUCCESS"; isSignUp: boolean; orgId: string; credentialBundle: string }
    | { status: "MFA_REQUIRED"; isSignUp: false; orgId: string; encryptedPayload: string; multiFactors: MfaFactor[] }
  >;
  "add-oauth-provider": Route<"add-oauth-provider", StampedOnly, { oauthProviders: OauthProviderInfo[] }>;
  "remove-oauth-provider": Route<"remove-oauth-provider", StampedOnly, object>;
  "signer-config": Route<"signer-config", object, { email: { mode?: "MAGIC_LINK" | "OTP" } }>;
  "custody-state": Route<"custody-state", StampedOnly, { custody: WalletCustody; mode: "server" | "split" | "split-required"; recoveryKind?: RecoveryKind; bundle?: string; challenge?: string }>;
  "custody-reshare-source": Route<"custody-reshare-source", StampedOnly, { bundle: string; challenge: string }>;
  "custody-split": Route<"custody-split", StampedOnly, { custody: "split"; recoveryKind: RecoveryKind; address: string; solanaAddress: string }>;
  "custody-frame-session": Route<"custody-frame-session", StampedOnly, { credentialBundle: string }>;
  "init-otp": Route<"init-otp", { contact: string; otpType: "OTP_TYPE_EMAIL" | "OTP_TYPE_SMS" }, { otpId: string }>;
  "verify-otp": Route<"verify-otp", { otpId: string; otpCode: string }, { verificationToken: string }>;
  "update-email-auth": Route<"update-email-auth", StampedOnly, object>;
  "update-phone-auth": Route<"update-phone-auth", StampedOnly, object>;
  "multi-owner-create": Route<
    "multi-owner-create",
    { members: { evmSignerAddress: string; signature?: string }[]; timestampMs?: string },
    { result: MultiOwnerOrganization }
  >;
  "multi-owner-prepare-add": Route<"multi-owner-prepare-add", { organizationId: string; members: Members }, { result: PreparedActivity }>;
  "multi-owner-prepare-delete": Route<"multi-owner-prepare-delete", { organizationId: string; members: Members }, { result: PreparedActivity }>;
  "multi-owner-add": Route<"multi-owner-add", StampedOnly, { result: MultiOwnerOrganization }>;
  "multi-owner-delete": Route<"multi-owner-delete", StampedOnly, { result: MultiOwnerOrganization }>;
  "multi-owner-update-root-quorum": Route<"multi-owner-update-root-quorum", StampedOnly, { result: MultiOwnerOrganization }>;
  "multi-owner-sign-raw-payload": Route<"multi-owner-sign-raw-payload", StampedOnly, { result: { signature: string } }>;
  "list-auth-methods": Route<"list-auth-methods", { suborgId: string; stampedRequest?: StampedRequest }, AuthMethods>;
  "auth-request-multi-factor": Route<
    "auth-request-multi-factor",
    { stampedRequest: StampedRequest; multiFactorType: string },
    { multiFactorType: string; multiFactorId: string; multiFactorTotpUrl: string }
  >;
  "auth-verify-multi-factor": Route<"auth-verify-multi-factor", { stampedRequest: StampedRequest; multiFactorId: string; multiFactorCode: string }, { multiFactors: MfaFactor[] }>;
  "auth-list-multi-factors": Route<"auth-list-multi-factors", StampedOnly, { multiFactors: MfaFactor[] }>;
  "auth-delete-multi-factors": Route<"auth-delete-multi-factors", { stampedRequest: StampedRequest; multiFactorIds: string[] }, { multiFactors: MfaFactor[] }>;
  "auth-validate-multi-factors": Route<
    "auth-validate-multi-factors",
    { encryptedPayload: string; multiFactors: FactorCode[] },
    { payload: { credentialBundle?: string }; multiFactors?: MfaFactor[] }
  >;
  "step-up": Route<
    "step-up",
    {
      stampedRequest: StampedRequest;
      multiFactors?: FactorCode[];
      verificationToken?: string;
      passkeyStamp?: { stampHeaderName: string; stampHeaderValue: string };
    },
    { windowSeconds: number }
  >;
}

/** The name of a backend route. */
export type SignerRoute = keyof SignerRoutes;
/** The request body of a route. */
export type RouteRequest<R extends SignerRoute> = SignerRoutes[R]["request"];
/** The response body of a route. */
export type RouteResponse<R extends SignerRoute> = SignerRoutes[R]["response"];
/** The error answer of a route: `{code, message, error, details?}` with one of the codes the route may answer. */
export type RouteError<R extends SignerRoute> = SignerRoutes[R] extends { error: infer E } ? E : ErrorBody;
