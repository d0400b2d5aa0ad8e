// The signer backend's route table (signer-api.md): route → request, response, error. One contract
// for the kit (its typed client, types only) and the server (which validates with the same
// schemas, wire/requests.ts); a method outside it adds its routes by augmenting SignerRoutes.
import type { RequestOf } from "./requests";

/** A request stamped by the user's key: its URL, body and stamp. */
export interface StampedRequest {
  url: string;
  body: string;
  stamp: { stampHeaderName: string; stampHeaderValue: string };
}

/** How email sign-in works: a magic link or a one-time code. */
export type EmailMode = "magicLink" | "otp";

/** A second factor of the user (its id and type). */
export interface MfaFactor {
  multiFactorId: string;
  multiFactorType: string;
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

/** Every error answer of the server: `{code, message, details?}`; `error` repeats the message for clients that read that field. */
export interface ErrorBody {
  code: string;
  message: string;
  error: string;
  details?: unknown;
  [extra: string]: unknown;
}

/** The user's sign-in methods, as the backend lists them. */
export interface AuthMethods {
  email?: string;
  phone?: string;
  oauthProviders: Array<{ providerId: string; issuer?: string; providerName?: string; userDisplayName?: string }>;
  passkeys: Array<{ authenticatorId: string; name: string; createdAt: string | number }>;
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

/** The signer backend's routes: each route's request and response. */
export interface SignerRoutes {
  lookup: { request: RequestOf<"lookup-email"> | RequestOf<"lookup-phone">; response: { orgId: string | null } };
  signup: {
    request: Omit<RequestOf<"email-sign-in">, "multiFactors"> | RequestOf<"sms-sign-in"> | RequestOf<"passkey-sign-up">;
    response: { orgId: string; userId?: string; address?: string; solanaAddress?: string; otpId?: string };
  };
  auth: {
    request: RequestOf<"email-sign-in"> | RequestOf<"sms-sign-in">;
    response: { orgId: string; otpId?: string; multiFactors?: MfaFactor[] };
  };
  otp: {
    request: RequestOf<"otp">;
    response:
      | { status: "SUCCESS"; credentialBundle: string }
      | { status: "MFA_REQUIRED"; encryptedPayload: string; multiFactors: MfaFactor[] };
  };
  whoami: {
    request: RequestOf<"whoami">;
    response: { orgId: string; userId: string; address: string; solanaAddress?: string; email?: string; phone?: string };
  };
  "sign-payload": { request: RequestOf<"sign-payload">; response: { signature: string } };
  "prepare-oauth": {
    request: RequestOf<"prepare-oauth">;
    response: { codeChallenge: string; requestKey: string; authProviders: OauthAuthProvider[] };
  };
  "auth-jwt": {
    request: RequestOf<"auth-jwt">;
    response:
      | { status?: "SUCCESS"; isSignUp: boolean; orgId: string; credentialBundle: string }
      | { status: "MFA_REQUIRED"; isSignUp: false; orgId: string; encryptedPayload: string; multiFactors: MfaFactor[] };
  };
  "add-oauth-provider": { request: RequestOf<"add-oauth-provider">; response: { oauthProviders: OauthProviderInfo[] } };
  "remove-oauth-provider": { request: RequestOf<"remove-oauth-provider">; response: Record<string, never> };
  "signer-config": { request: Record<string, never>; response: { email: { mode?: "MAGIC_LINK" | "OTP" } } };
  "init-otp": { request: RequestOf<"init-otp">; response: { otpId: string } };
  "verify-otp": { request: RequestOf<"verify-otp">; response: { verificationToken: string } };
  "update-email-auth": { request: RequestOf<"update-email-auth">; response: Record<string, never> };
  "update-phone-auth": { request: RequestOf<"update-phone-auth">; response: Record<string, never> };
  "multi-owner-create": { request: { members: Array<{ evmSignerAddress: string }> }; response: { result: MultiOwnerOrganization } };
  "multi-owner-prepare-add": {
    request: { organizationId: string; members: Array<{ evmSignerAddress: string }> };
    response: { result: Record<string, unknown> };
  };
  "multi-owner-prepare-delete": {
    request: { organizationId: string; members: Array<{ evmSignerAddress: string }> };
    response: { result: Record<string, unknown> };
  };
  "multi-owner-add": { request: { stampedRequest: StampedRequest }; response: { result: MultiOwnerOrganization } };
  "multi-owner-delete": { request: { stampedRequest: StampedRequest }; response: { result: MultiOwnerOrganization } };
  "multi-owner-update-root-quorum": { request: { stampedRequest: StampedRequest }; response: { result: MultiOwnerOrganization } };
  "multi-owner-sign-raw-payload": { request: { stampedRequest: StampedRequest }; response: { result: { signature: string } } };
  "list-auth-methods": { request: RequestOf<"list-auth-methods">; response: AuthMethods };
  "auth-request-multi-factor": {
    request: RequestOf<"auth-request-multi-factor">;
    response: { multiFactorType: string; multiFactorId: string; multiFactorTotpUrl: string };
  };
  "auth-verify-multi-factor": {
    request: RequestOf<"auth-verify-multi-factor">;
    response: { multiFactors: MfaFactor[] };
  };
  "auth-list-multi-factors": { request: RequestOf<"auth-list-multi-factors">; response: { multiFactors: MfaFactor[] } };
  "auth-delete-multi-factors": {
    request: RequestOf<"auth-delete-multi-factors">;
    response: { multiFactors: MfaFactor[] };
  };
  "auth-validate-multi-factors": {
    request: RequestOf<"auth-validate-multi-factors">;
    response: { payload: { credentialBundle?: string }; multiFactors?: MfaFactor[] };
  };
}

/** The name of a backend route. */
export type SignerRoute = keyof SignerRoutes;
/** The request body of a route. */
export type RouteRequest<R extends SignerRoute> = SignerRoutes[R]["request"];
/** The response body of a route. */
export type RouteResponse<R extends SignerRoute> = SignerRoutes[R]["response"];
