// The signer backend's route table (signer-api.md): route → request, response. One module for the
// kit (its typed client) and the server; a method outside it adds its routes by augmenting SignerRoutes.
import type { MfaFactor } from "../core/errors";
import type { MultiOwnerOrganization } from "../core/signer/multi-owner";

/** A request stamped by the user's key: its URL, body and stamp. */
export interface StampedRequest {
  url: string;
  body: string;
  stamp: { stampHeaderName: string; stampHeaderValue: string };
}

/** How email sign-in works: a magic link or a one-time code. */
export type EmailMode = "magicLink" | "otp";

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
  lookup: { request: { email: string } | { phone: string }; response: { orgId: string | null } };
  signup: {
    request:
      | { email: string; emailMode?: EmailMode; targetPublicKey: string; expirationSeconds?: number; redirectParams?: string }
      | { phone: string; targetPublicKey: string; expirationSeconds?: number }
      | {
          passkey: {
            challenge: string;
            attestation: { credentialId: string; clientDataJson: string; attestationObject: string; transports: string[] };
          };
          email?: string;
        };
    response: { orgId: string; userId?: string; address?: string; solanaAddress?: string; otpId?: string };
  };
  auth: {
    request:
      | {
          email: string;
          emailMode?: EmailMode;
          targetPublicKey: string;
          expirationSeconds?: number;
          redirectParams?: string;
          multiFactors?: Array<{ multiFactorId: string; multiFactorCode: string }>;
        }
      | { phone: string; targetPublicKey: string; expirationSeconds?: number };
    response: { orgId: string; otpId?: string; multiFactors?: MfaFactor[] };
  };
  otp: {
    request: {
      orgId: string;
      otpId: string;
      otpCode: string;
      targetPublicKey: string;
      expirationSeconds?: number;
      multiFactors?: Array<{ multiFactorId: string; multiFactorCode: string }>;
    };
    response:
      | { status: "SUCCESS"; credentialBundle: string }
      | { status: "MFA_REQUIRED"; encryptedPayload: string; multiFactors: MfaFactor[] };
  };
  whoami: {
    request: { stampedRequest: StampedRequest };
    response: { orgId: string; userId: string; address: string; solanaAddress?: string; email?: string; phone?: string };
  };
  "sign-payload": { request: { stampedRequest: StampedRequest }; response: { signature: string } };
  "prepare-oauth": {
    request: { nonce: string };
    response: { codeChallenge: string; requestKey: string; authProviders: OauthAuthProvider[] };
  };
  "auth-jwt": {
    request: { jwt: string; targetPublicKey: string; authProvider?: string; expirationSeconds?: number };
    response:
      | { status?: "SUCCESS"; isSignUp: boolean; orgId: string; credentialBundle: string }
      | { status: "MFA_REQUIRED"; isSignUp: false; orgId: string; encryptedPayload: string; multiFactors: MfaFactor[] };
  };
  "add-oauth-provider": { request: { stampedRequest: StampedRequest }; response: { oauthProviders: OauthProviderInfo[] } };
  "remove-oauth-provider": { request: { stampedRequest: StampedRequest }; response: Record<string, never> };
  "signer-config": { request: Record<string, never>; response: { email: { mode?: "MAGIC_LINK" | "OTP" } } };
  "init-otp": { request: { contact: string; otpType: "OTP_TYPE_EMAIL" | "OTP_TYPE_SMS" }; response: { otpId: string } };
  "verify-otp": { request: { otpId: string; otpCode: string }; response: { verificationToken: string } };
  "update-email-auth": { request: { stampedRequest: StampedRequest }; response: Record<string, never> };
  "update-phone-auth": { request: { stampedRequest: StampedRequest }; response: Record<string, never> };
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
  "list-auth-methods": { request: { suborgId: string; stampedRequest: StampedRequest }; response: AuthMethods };
  "auth-request-multi-factor": {
    request: { stampedRequest: StampedRequest; multiFactorType: "totp" };
    response: { multiFactorType: string; multiFactorId: string; multiFactorTotpUrl: string };
  };
  "auth-verify-multi-factor": {
    request: { stampedRequest: StampedRequest; multiFactorId: string; multiFactorCode: string };
    response: { multiFactors: MfaFactor[] };
  };
  "auth-list-multi-factors": { request: { stampedRequest: StampedRequest }; response: { multiFactors: MfaFactor[] } };
  "auth-delete-multi-factors": {
    request: { stampedRequest: StampedRequest; multiFactorIds: string[] };
    response: { multiFactors: MfaFactor[] };
  };
  "auth-validate-multi-factors": {
    request: { encryptedPayload: string; multiFactors: Array<{ multiFactorId: string; multiFactorCode: string }> };
    response: { payload: { credentialBundle?: string }; multiFactors?: MfaFactor[] };
  };
}

/** The name of a backend route. */
export type SignerRoute = keyof SignerRoutes;
/** The request body of a route. */
export type RouteRequest<R extends SignerRoute> = SignerRoutes[R]["request"];
/** The response body of a route. */
export type RouteResponse<R extends SignerRoute> = SignerRoutes[R]["response"];
