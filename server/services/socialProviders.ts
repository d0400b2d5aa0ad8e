import type { EmulatorContext } from "../context";
import { devSocialProviders } from "../idp/devSocialProviders";
import type { TrustedIssuer } from "./jwt";

/** A social sign-in provider as the server uses it: where the user goes, how a code becomes tokens, whose id tokens to trust. */
export interface SocialProvider {
  /** The auth provider id clients name (`google`, `auth0`, or an app's own). */
  id: string;
  isCustomProvider: boolean;
  clientId: string;
  /** Its id tokens: issuer, audience (the client id) and keys. */
  issuer: TrustedIssuer;
  authEndpoint(): Promise<string>;
  /** The code flow's token request (with the PKCE verifier); refusals are ApiErrors that say why. */
  exchangeCode(request: { code: string; redirectUri: string; codeVerifier: string }): Promise<{ idToken: string; accessToken: string }>;
}

/** The configured providers, and in the dev profile the dev identity provider's. */
export function socialProvidersOf(ctx: EmulatorContext): SocialProvider[] {
  return ctx.profile === "dev" ? [...ctx.socialProviders, ...devSocialProviders(ctx)] : ctx.socialProviders;
}
