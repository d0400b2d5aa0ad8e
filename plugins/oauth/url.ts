import { OAuthProvidersError, type RouteResponse } from "latch-kit";
import { defaultScopeAndClaims, type OauthPayload } from "./config";
import { DefaultScopeUnknownError, NoAuthProviderError } from "./errors";
import { frameKeyNonce } from "../../lib/jwt/nonce";

/** What the backend returns to prepare OAuth. */
export type OauthConfig = RouteResponse<"prepare-oauth">;

/** `state` of the contract (docs/signer-api.md "Social sign-in"), base64url JSON. */
export interface OauthState {
  authProviderId: string;
  isCustomProvider: boolean;
  requestKey: string;
  turnkeyPublicKey: string;
  expirationSeconds: number;
  redirectUrl?: string;
  openerOrigin?: string;
  fetchIdTokenOnly: boolean;
}

/** nonce = hex(sha256(utf8(frame public key))), with WebCrypto. */
export const oauthNonce = frameKeyNonce;

/** The OAuth state as base64url JSON. */
export function encodeState(state: OauthState): string {
  const bytes = new TextEncoder().encode(JSON.stringify(state));
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * The provider login URL, built on the client, synchronously (popup mode opens it inside the click):
 * authEndpoint + redirect_uri, response_type=code, scope, state, code_challenge (S256),
 * prompt=select_account, client_id, nonce, optional claims and connection.
 */
export function buildLoginUrl(params: {
  config: OauthConfig;
  framePublicKey: string;
  nonce: string;
  payload: OauthPayload;
  callbackUrl: string;
  expirationSeconds: number;
  /** The page starting the sign-in: its origin receives the popup's message, its URL the redirect. */
  page: { origin: string; href: string };
}): string {
  const { config, payload } = params;
  const isCustomProvider = payload.isCustomProvider ?? false;
  if (!config.authProviders?.length) throw new OAuthProvidersError();
  const provider = config.authProviders.find((p) => p.id === payload.authProviderId && Boolean(p.isCustomProvider) === isCustomProvider);
  if (!provider) throw new NoAuthProviderError(payload.authProviderId);
  let scope = payload.scope;
  let claims = payload.claims;
  if (!scope) {
    const defaults = isCustomProvider ? undefined : defaultScopeAndClaims(payload.authProviderId);
    if (!defaults) throw new DefaultScopeUnknownError(payload.authProviderId);
    scope = defaults.scope;
    // Claims the app gives win over the provider's default claims.
    claims ??= defaults.claims;
  }
  const state: OauthState = {
    authProviderId: payload.authProviderId,
    isCustomProvider,
    requestKey: config.requestKey,
    turnkeyPublicKey: params.framePublicKey,
    expirationSeconds: payload.expirationSeconds ?? params.expirationSeconds,
    ...(payload.mode === "redirect" ? { redirectUrl: new URL(payload.redirectUrl ?? params.page.href, params.page.href).toString() } : {}),
    ...(payload.mode === "popup" ? { openerOrigin: params.page.origin } : {}),
    fetchIdTokenOnly: payload.fetchIdTokenOnly ?? false,
  };
  const url = new URL(provider.authEndpoint);
  const query: Record<string, string> = {
    redirect_uri: params.callbackUrl,
    response_type: "code",
    scope,
    state: encodeState(state),
    code_challenge: config.codeChallenge,
    code_challenge_method: "S256",
    prompt: "select_account",
    client_id: provider.clientId,
    nonce: params.nonce,
    ...payload.otherParameters,
  };
  if (claims) query.claims = claims;
  if (payload.auth0Connection) query.connection = payload.auth0Connection;
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
}
