// The contract of a social sign-in provider (the dev identity provider's, or a configured OIDC one)
// and of an issuer whose id tokens are trusted: types only, so the modules that make providers and
// the ones that read them (the context, JWT checks) need not import each other.
import type { JWTVerifyGetKey } from "jose";

/** An issuer whose JWTs the emulator accepts: the dev identity provider's, and those given by `jwtIssuers` / `--jwt-issuer`. */
export interface TrustedIssuer {
  /** The auth provider id clients name (`authProvider` of auth-jwt, `authProviderId` of social sign-in). */
  id: string;
  issuer: string;
  audiences: string[];
  keys(): Promise<JWTVerifyGetKey>;
}

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
  exchangeCode(request: { code: string; redirectUri: string; codeVerifier: string; nonce: string }): Promise<{ idToken: string; accessToken: string }>;
  /** Whether the verified id token's email is verified by this provider's rules (absent: unless it says false). */
  emailVerified?(claims: ProviderClaims): boolean;
  /**
   * A display name from the provider's answer at the callback besides the code (Apple's `user` form
   * field, sent on the first sign-in only). Unsigned: used as the identity's display name, nothing else.
   */
  nameFromCallback?(fields: Record<string, string>): string | undefined;
}

/** The claims of a verified id token that providers' rules read. */
export interface ProviderClaims {
  email?: unknown;
  email_verified?: unknown;
  name?: unknown;
}
