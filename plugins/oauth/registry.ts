import type { OauthPayload, SocialStepConfig } from "./config";

declare module "latch-kit" {
  interface SignerMethodOptions {
    /** Where the provider sends the user back; default `{signer url}/callback`. */
    oauthCallbackUrl?: string;
    /** Prepares popup sign-in at start (else a `popup` social entry or preparePopupOauth() does). */
    enablePopupOauth?: boolean;
  }
  interface AuthStepRegistry {
    oauth_completing: { config: SocialStepConfig; error?: Error };
  }
  interface AuthenticatePayloadRegistry {
    oauth: OauthPayload;
  }
  interface SignerStatusRegistry {
    AUTHENTICATING_OAUTH: true;
  }
  interface SessionTypeRegistry {
    oauth: true;
  }
  interface SignerState {
    /** A social sign-in waiting for the email code that links it to an existing account. */
    authLinkingStatus?: { email?: string; providerName?: string; idToken?: string; accessToken?: string };
  }
}

export {};
