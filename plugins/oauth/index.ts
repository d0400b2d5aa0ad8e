import { defineAuthenticator, defineListener, definePlugin, defineSection, defineStep, embeddedSignerPlugin, getEmbeddedSigner, SIGN_IN_RETURN, type Kit, type LatchPlugin } from "latch-kit";
import { mfaPlugin } from "../../lib/mfa/plugin";
import { contactStepUpPlugin } from "../../lib/sign-in/step-up";
import { assertSocialSections, socialSections } from "./config";
import { socialSectionSchema } from "./section-schema";
import { OauthCompletingScreen } from "./OauthCompletingScreen";
import { completeOauthReturn } from "./return";
import { getOauthService } from "./service";
import { SocialSection } from "./SocialSection";
import "./registry";

/**
 * Social sign-in (google, facebook, apple, twitch, auth0 connections) by redirect or popup: the
 * `social` section, `oauth_completing`, `kit.authenticate({ type: "oauth", ... })`, the return
 * from a redirect, account linking by email code, and linking / unlinking providers.
 */
export const oauth = (): LatchPlugin =>
  definePlugin({
    id: "oauth",
    requires: [embeddedSignerPlugin, mfaPlugin, contactStepUpPlugin],
    signerOptions: { "oauthCallbackUrl?": "string", "enablePopupOauth?": "boolean" },
    /** Checks the social sections and registers the completion of a redirect sign-in. */
    setup: (kit: Kit) => {
      assertSocialSections(socialSections(kit.config.ui.auth?.sections));
      // The return from a redirect completes first; a stored session restores only if there is none.
      kit.container.add(SIGN_IN_RETURN, completeOauthReturn);
    },
    /** Restores the session, and prepares popup sign-in when it is enabled (client side). */
    start: async (kit: Kit) => {
      await getEmbeddedSigner(kit).start();
      const service = getOauthService(kit);
      if (service.popupEnabled) await service.refresh().catch((error) => console.warn("[latch] preparing social sign-in failed", error));
    },
    sections: [defineSection({ type: "social", Component: SocialSection, schema: process.env.NODE_ENV !== "production" ? socialSectionSchema : undefined })],
    steps: [defineStep({ type: "oauth_completing", Screen: OauthCompletingScreen, back: "initial" })],
    authenticators: [defineAuthenticator("oauth", (payload, kit) => getOauthService(kit).authenticate(payload))],
    listeners: [
      // An email-auth linking prompt opens the dialog at the code entry for that email (modal mode).
      defineListener("emailAuthLinkingRequired", ({ email }, kit) => {
        if (kit.config.ui.uiMode === "modal") kit.openModal({ type: "otp_verify", email, channel: "email", status: "base" });
      }),
      defineListener("connected", (user, kit) => getOauthService(kit).onConnected(user)),
      defineListener("disconnected", (_payload, kit) => getOauthService(kit).onDisconnected()),
    ],
  });

export { addOauthProvider, removeOauthProvider, preparePopupOauth, type AddOauthProviderParameters, type AddOauthProviderReturnType } from "./actions";
export { useAddOauthProvider, useRemoveOauthProvider } from "./hooks";
export { startSocialSignIn } from "./flow";
export { getOauthService, OauthService, type OauthAuthenticateResult, type AccountLinkingPrompt, type OauthResultMessage, type OauthProviderInfo } from "./service";
export { buildLoginUrl, oauthNonce, encodeState, type OauthState, type OauthConfig } from "./url";
export { defaultScopeAndClaims, providerDisplayName, KNOWN_PROVIDERS, type SocialSectionConfig, type SocialStepConfig, type OauthPayload, type OauthMode, type KnownProvider } from "./config";
export * from "./errors";
export { oauthStrings, OAUTH_STRINGS_TABLE } from "./strings";
export { ProviderLogo } from "./logos";
