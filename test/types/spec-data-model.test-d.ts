// Spec §3 (data model) and §4's statuses, as the public types carry them with every sign-in plugin
// installed: each test pins one entity's fields, so renaming or dropping one fails the type check.
import { describe, expectTypeOf, it } from "vitest";
import type { AuthenticatePayload, AuthStepOf, Kit, Session, SessionType, SignerConfig, SignerState, SignerStatus, TemporarySession, UiAuthConfig, UiConfig, User } from "latch-kit";
import "latch-kit/plugins/email-otp";
import "latch-kit/plugins/magic-link";
import "latch-kit/plugins/sms";
import "latch-kit/plugins/passkey";
import "latch-kit/plugins/jwt";
import type { AccountLinkingPrompt, OauthPayload, OauthResultMessage, SocialSectionConfig } from "latch-kit/plugins/oauth";
import type { ExternalWalletsSectionConfig, WalletConnection } from "latch-kit/plugins/evm";
import type { MultiFactorCode } from "latch-kit/plugins/mfa";
import type { MobileWalletState } from "latch-kit/plugins/mobile";

type AuthenticatePayloadOf<K extends AuthenticatePayload["type"]> = Extract<AuthenticatePayload, { type: K }>;

describe("§3 data model", () => {
  it("§3 User: userId, orgId, address, solanaAddress, email, phone, idToken, claims, accessToken, credentialId, type ('sca')", () => {
    expectTypeOf<User>().toHaveProperty("userId").toEqualTypeOf<string>();
    expectTypeOf<User>().toHaveProperty("orgId").toEqualTypeOf<string>();
    expectTypeOf<User>().toHaveProperty("address").toEqualTypeOf<`0x${string}`>();
    expectTypeOf<User>().toHaveProperty("solanaAddress").toEqualTypeOf<string | undefined>();
    expectTypeOf<User>().toHaveProperty("email").toEqualTypeOf<string | undefined>();
    expectTypeOf<User>().toHaveProperty("phone").toEqualTypeOf<string | undefined>();
    expectTypeOf<User>().toHaveProperty("idToken").toEqualTypeOf<string | undefined>();
    expectTypeOf<User>().toHaveProperty("claims").toEqualTypeOf<Record<string, unknown> | undefined>();
    expectTypeOf<User>().toHaveProperty("accessToken").toEqualTypeOf<string | undefined>();
    expectTypeOf<User>().toHaveProperty("credentialId").toEqualTypeOf<string | undefined>();
    expectTypeOf<"sca">().toExtend<User["type"]>();
  });

  it("§3 Session: type email, oauth, custom-jwt, otp or passkey; user, bundle, expirationDateMs", () => {
    expectTypeOf<"email" | "oauth" | "custom-jwt" | "otp" | "passkey">().toExtend<SessionType>();
    expectTypeOf<Session>().toHaveProperty("type").toEqualTypeOf<SessionType>();
    expectTypeOf<Session>().toHaveProperty("user").toEqualTypeOf<User>();
    expectTypeOf<Session>().toHaveProperty("bundle").toEqualTypeOf<string | undefined>();
    expectTypeOf<Session>().toHaveProperty("expirationDateMs").toEqualTypeOf<number>();
  });

  it("§3 temporary session: orgId, isNewUser, encryptedPayload, mfaFactorId", () => {
    expectTypeOf<TemporarySession>().toHaveProperty("orgId").toEqualTypeOf<string>();
    expectTypeOf<TemporarySession>().toHaveProperty("isNewUser").toEqualTypeOf<boolean | undefined>();
    expectTypeOf<TemporarySession>().toHaveProperty("encryptedPayload").toEqualTypeOf<string | undefined>();
    expectTypeOf<TemporarySession>().toHaveProperty("mfaFactorId").toEqualTypeOf<string | undefined>();
  });

  it("§3 signer state: user and status on the kit; error, mfaStatus, otpId, isNewUser, authLinkingStatus in the signer's state", () => {
    expectTypeOf<Kit["getUser"]>().returns.toEqualTypeOf<User | null>();
    expectTypeOf<Kit["getStatus"]>().returns.toEqualTypeOf<SignerStatus>();
    expectTypeOf<SignerState>().toHaveProperty("error").toEqualTypeOf<Error | null>();
    expectTypeOf<NonNullable<SignerState["mfaStatus"]>>().toHaveProperty("mfaRequired").toEqualTypeOf<boolean>();
    expectTypeOf<NonNullable<SignerState["mfaStatus"]>>().toHaveProperty("mfaFactorId").toEqualTypeOf<string | undefined>();
    expectTypeOf<SignerState>().toHaveProperty("otpId").toEqualTypeOf<string | undefined>();
    expectTypeOf<SignerState>().toHaveProperty("isNewUser").toEqualTypeOf<boolean | undefined>();
    expectTypeOf<NonNullable<SignerState["authLinkingStatus"]>>().toEqualTypeOf<{ email?: string; providerName?: string; idToken?: string; accessToken?: string }>();
  });

  it("§3/§4 status values: initializing, authenticating email, passkey, oauth and JWT, awaiting email, SMS, OTP and MFA auth, connected, disconnected", () => {
    // Every one is a status (the repository's own test plugins add more, so not an equality).
    expectTypeOf<
      | "INITIALIZING"
      | "AUTHENTICATING_EMAIL"
      | "AUTHENTICATING_PASSKEY"
      | "AUTHENTICATING_OAUTH"
      | "AUTHENTICATING_JWT"
      | "AWAITING_EMAIL_AUTH"
      | "AWAITING_SMS_AUTH"
      | "AWAITING_OTP_AUTH"
      | "AWAITING_MFA_AUTH"
      | "CONNECTED"
      | "DISCONNECTED"
    >().toExtend<SignerStatus>();
  });

  it("§3 account-linking prompt: status, idToken, accessToken, email, providerName, otpId, orgId", () => {
    expectTypeOf<AccountLinkingPrompt["status"]>().toEqualTypeOf<"ACCOUNT_LINKING_CONFIRMATION_REQUIRED">();
    expectTypeOf<Pick<AccountLinkingPrompt, "email" | "otpId" | "orgId" | "providerName" | "idToken">>().toEqualTypeOf<Record<"email" | "otpId" | "orgId" | "providerName" | "idToken", string>>();
    expectTypeOf<AccountLinkingPrompt["accessToken"]>().toEqualTypeOf<string | undefined>();
  });

  it("§3 signer config: sessionKey, storage (local or session), expirationTimeMs, connection, iframeConfig, rpId, rootOrgId, oauthCallbackUrl, enablePopupOauth", () => {
    expectTypeOf<SignerConfig>().toHaveProperty("sessionKey").toEqualTypeOf<string | undefined>();
    expectTypeOf<"local" | "session">().toExtend<NonNullable<SignerConfig["storage"]>>();
    expectTypeOf<SignerConfig>().toHaveProperty("expirationTimeMs").toEqualTypeOf<number | undefined>();
    expectTypeOf<SignerConfig>().toHaveProperty("connection").toEqualTypeOf<{ apiKey?: string; jwt?: string; rpcUrl?: string; chainAgnosticUrl?: string } | undefined>();
    expectTypeOf<SignerConfig>().toHaveProperty("iframeConfig").toEqualTypeOf<{ iframeElementId?: string; iframeContainerId?: string } | undefined>();
    expectTypeOf<SignerConfig>().toHaveProperty("rootOrgId").toEqualTypeOf<string | undefined>();
  });

  it("§3 popup result message: status, bundle, orgId, idToken, accessToken, isSignup, error, otpId, email, authProvider", () => {
    type Texts = Pick<OauthResultMessage, "status" | "bundle" | "orgId" | "idToken" | "accessToken" | "error" | "otpId" | "email" | "authProvider">;
    expectTypeOf<Texts>().toEqualTypeOf<{ status?: string; bundle?: string; orgId?: string; idToken?: string; accessToken?: string; error?: string; otpId?: string; email?: string; authProvider?: string }>();
    expectTypeOf<OauthResultMessage>().toHaveProperty("isSignup").toEqualTypeOf<boolean | string | undefined>();
  });

  it("§3 MFA factor codes: multiFactorId and multiFactorCode, carried by the email and otp payloads as multiFactors", () => {
    expectTypeOf<MultiFactorCode>().toEqualTypeOf<{ multiFactorId: string; multiFactorCode: string }>();
    expectTypeOf<AuthenticatePayloadOf<"email">>().toHaveProperty("multiFactors").toEqualTypeOf<MultiFactorCode[] | undefined>();
    expectTypeOf<AuthenticatePayloadOf<"otp">>().toHaveProperty("multiFactors").toEqualTypeOf<MultiFactorCode[] | undefined>();
  });

  it("§3 auth steps: a type plus an optional error; email steps carry the email, OAuth steps the provider config, wallet steps the chain and the wallet", () => {
    expectTypeOf<AuthStepOf<"initial">>().toHaveProperty("type").toEqualTypeOf<"initial">();
    expectTypeOf<AuthStepOf<"initial">>().toHaveProperty("error").toEqualTypeOf<Error | undefined>();
    expectTypeOf<AuthStepOf<"email_verify">>().toHaveProperty("email").toEqualTypeOf<string>();
    expectTypeOf<AuthStepOf<"email_verify">>().toHaveProperty("error").toEqualTypeOf<Error | undefined>();
    expectTypeOf<AuthStepOf<"otp_verify">>().toHaveProperty("email").toEqualTypeOf<string | undefined>();
    expectTypeOf<AuthStepOf<"oauth_completing">["config"]>().toHaveProperty("authProviderId").toEqualTypeOf<string>();
    type StepConfig = Pick<AuthStepOf<"oauth_completing">["config"], "auth0Connection" | "logoUrl" | "logoUrlDark" | "displayName">;
    expectTypeOf<StepConfig>().toEqualTypeOf<{ auth0Connection?: string; logoUrl?: string; logoUrlDark?: string; displayName?: string }>();
    expectTypeOf<"evm" | "svm">().toExtend<AuthStepOf<"eoa_connect">["chain"]>();
    expectTypeOf<AuthStepOf<"eoa_connect">>().toHaveProperty("wallet");
    expectTypeOf<AuthStepOf<"eoa_connect">>().toHaveProperty("error").toEqualTypeOf<Error | undefined>();
    expectTypeOf<AuthStepOf<"wallet_connect">>().toHaveProperty("chain").toEqualTypeOf<"evm">();
  });

  it("§3 authenticate payloads: email (emailMode, redirectParams), otp (otpCode), oauth (mode, authProviderId, expirationSeconds)", () => {
    expectTypeOf<AuthenticatePayloadOf<"email">>().toHaveProperty("email").toEqualTypeOf<string>();
    expectTypeOf<AuthenticatePayloadOf<"email">>().toHaveProperty("emailMode").toEqualTypeOf<"magicLink" | "otp" | undefined>();
    expectTypeOf<AuthenticatePayloadOf<"email">>().toHaveProperty("redirectParams").toEqualTypeOf<URLSearchParams | undefined>();
    expectTypeOf<AuthenticatePayloadOf<"otp">>().toHaveProperty("otpCode").toEqualTypeOf<string>();
    expectTypeOf<OauthPayload>().toHaveProperty("mode").toEqualTypeOf<"redirect" | "popup">();
    expectTypeOf<OauthPayload>().toHaveProperty("authProviderId").toEqualTypeOf<string>();
    expectTypeOf<OauthPayload>().toHaveProperty("expirationSeconds").toEqualTypeOf<number | undefined>();
  });

  it("§3 sign-in section configs: the social entry's provider, logos and name; the wallets section's featured count, more button, names and chain types", () => {
    expectTypeOf<SocialSectionConfig>().toHaveProperty("authProviderId").toEqualTypeOf<string>();
    type Looks = Pick<SocialSectionConfig, "logoUrl" | "logoUrlDark" | "auth0Connection" | "displayName">;
    expectTypeOf<Looks>().toEqualTypeOf<{ logoUrl?: string; logoUrlDark?: string; auth0Connection?: string; displayName?: string }>();
    expectTypeOf<ExternalWalletsSectionConfig>().toHaveProperty("numFeaturedWallets").toEqualTypeOf<number | undefined>();
    expectTypeOf<ExternalWalletsSectionConfig>().toHaveProperty("moreButtonText").toEqualTypeOf<string | undefined>();
    expectTypeOf<ExternalWalletsSectionConfig>().toHaveProperty("hideMoreButton").toEqualTypeOf<boolean | undefined>();
    expectTypeOf<ExternalWalletsSectionConfig>().toHaveProperty("wallets").toEqualTypeOf<string[] | undefined>();
    expectTypeOf<"evm" | "svm">().toExtend<NonNullable<ExternalWalletsSectionConfig["chainType"]>[number]>();
  });

  it("§3 UI config: header, sections, hideSignInText, illustrationStyle, modalBaseClassName, uiMode, onAuthSuccess, addPasskeyOnSignup", () => {
    expectTypeOf<UiAuthConfig>().toHaveProperty("header").toEqualTypeOf<unknown>();
    expectTypeOf<UiAuthConfig>().toHaveProperty("sections");
    expectTypeOf<UiAuthConfig>().toHaveProperty("hideSignInText").toEqualTypeOf<boolean | undefined>();
    expectTypeOf<UiAuthConfig>().toHaveProperty("addPasskeyOnSignup").toEqualTypeOf<boolean | undefined>();
    expectTypeOf<UiConfig>().toHaveProperty("illustrationStyle").toEqualTypeOf<"outline" | "linear" | "filled" | "flat" | undefined>();
    expectTypeOf<UiConfig>().toHaveProperty("modalBaseClassName").toEqualTypeOf<string | undefined>();
    expectTypeOf<UiConfig>().toHaveProperty("uiMode").toEqualTypeOf<"modal" | "embedded" | undefined>();
    expectTypeOf<UiConfig>().toHaveProperty("onAuthSuccess").toEqualTypeOf<((user: User | null) => void) | undefined>();
  });

  it("§3 wallet connection: a reconnecting status with the address; the mobile wallet's ready state and connecting / connected flags", () => {
    expectTypeOf<"reconnecting">().toExtend<WalletConnection["status"]>();
    expectTypeOf<WalletConnection>().toHaveProperty("address");
    expectTypeOf<MobileWalletState>().toHaveProperty("connecting").toEqualTypeOf<boolean>();
    expectTypeOf<MobileWalletState>().toHaveProperty("connected").toEqualTypeOf<boolean>();
    expectTypeOf<"Unsupported" | "Loadable" | "Installed">().toExtend<MobileWalletState["readyState"]>();
  });
});
