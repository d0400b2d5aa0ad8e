// Sign in with Apple (REST API for the web): discovery at appleid.apple.com, the answer by
// response_mode=form_post (a POST to /callback, required when name or email is asked for), a
// client_secret that is an ES256 JWT signed with the developer's key, and the user's name only in
// the `user` form field of the first sign-in (the id token never carries it).
import { badRequest } from "../errors";
import { appleClientSecret, type ClientKey } from "./clientAuth";
import { oidcClient, saysEmailVerified } from "./oidc";
import type { SocialProvider } from "./socialProvider";

export const APPLE_ISSUER = "https://appleid.apple.com";

export interface AppleProviderOption {
  /** Default https://appleid.apple.com (a test points it at a stand-in). */
  issuer?: string | undefined;
  /** The Services ID (the web client id). */
  clientId: string;
  teamId: string;
  /** The Sign in with Apple key (.p8) and its key id. */
  signing: ClientKey;
}

export function appleProvider(option: AppleProviderOption, fetchImpl: typeof fetch = globalThis.fetch): SocialProvider {
  const issuer = option.issuer ?? APPLE_ISSUER;
  const client = oidcClient({ id: "apple", issuer, clientId: option.clientId, authParams: { response_mode: "form_post" } }, fetchImpl);
  // The secret's audience is Apple's issuer, https://appleid.apple.com.
  const secret = appleClientSecret({ teamId: option.teamId, clientId: option.clientId, signing: option.signing, audience: issuer });
  return {
    id: "apple",
    isCustomProvider: false,
    clientId: option.clientId,
    issuer: { id: "apple", issuer, audiences: [option.clientId], keys: () => client.keys() },
    authEndpoint: () => client.authEndpoint(),
    async exchangeCode(request) {
      const body = await client.tokenRequest(request, secret.auth);
      if (typeof body.id_token !== "string") throw badRequest("TOKEN_EXCHANGE_FAILED", "apple answered without an id_token");
      return { idToken: body.id_token, accessToken: typeof body.access_token === "string" ? body.access_token : "" };
    },
    emailVerified: saysEmailVerified,
    nameFromCallback: (fields) => appleUserName(fields.user),
  };
}

/** `user` = JSON {name: {firstName, lastName}, email}; anything else is no name. */
export function appleUserName(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  try {
    const user = JSON.parse(raw) as { name?: { firstName?: unknown; lastName?: unknown } };
    const parts = [user.name?.firstName, user.name?.lastName].filter((part): part is string => typeof part === "string" && part.trim() !== "");
    const name = parts.map((part) => part.trim()).join(" ").slice(0, 200);
    return name || undefined;
  } catch {
    return undefined;
  }
}
