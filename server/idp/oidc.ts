import { createRemoteJWKSet, type JWTVerifyGetKey } from "jose";
import { badRequest } from "../errors";
import { clientNone, clientSecretBasic, clientSecretPost, privateKeyJwt, type ClientAuth, type ClientAuthMethod, type ClientKey } from "./clientAuth";
import { providerMisconfigured, providerUnavailable, tokenRefusal } from "./providerErrors";
import type { ProviderClaims, SocialProvider } from "./socialProvider";

/** A real OpenID provider (google, twitch, auth0, an app's own issuer…) as configured by LATCH_OIDC_<ID>_*. */
export interface OidcProviderOption {
  id: string;
  issuer: string;
  /** Default `<issuer>/.well-known/openid-configuration`. */
  discoveryUrl?: string | undefined;
  clientId: string;
  clientSecret?: string | undefined;
  /** The app's key for private_key_jwt. */
  clientKey?: ClientKey | undefined;
  /** Default: chosen from discovery's token_endpoint_auth_methods_supported and what is configured. */
  tokenAuth?: ClientAuthMethod | undefined;
  /** Fixed parameters of the provider's authorization request (response_mode, access_type, connection…). */
  authParams?: Record<string, string> | undefined;
}

/** The ids the kit knows as built-in providers; any other id is a custom provider. */
export const KNOWN_PROVIDER_IDS = ["google", "apple", "facebook", "twitch", "auth0"];

interface Discovery {
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  token_endpoint_auth_methods_supported?: string[];
}

const TIMEOUT_MS = 5000;
const DISCOVERY_TTL_MS = 60 * 60_000;
/** JWKS refetch on an unknown kid at most this often (key rotation), and at least this often anyway. */
const JWKS_COOLDOWN_MS = 1000;
const JWKS_MAX_AGE_MS = 10 * 60_000;

/** An OpenID provider's parts other profiles build on: discovery, its keys, the token request. */
export interface OidcClient {
  discover(): Promise<Discovery>;
  keys(): Promise<JWTVerifyGetKey>;
  /** The authorization endpoint with the profile's fixed parameters. */
  authEndpoint(): Promise<string>;
  /** The code flow's token request; the whole JSON answer. */
  tokenRequest(request: { code: string; redirectUri: string; codeVerifier: string }, auth?: ClientAuth): Promise<Record<string, unknown>>;
}

export function oidcClient(option: OidcProviderOption, fetchImpl: typeof fetch = globalThis.fetch): OidcClient {
  const discoveryUrl = option.discoveryUrl ?? `${option.issuer.replace(/\/$/, "")}/.well-known/openid-configuration`;
  let cached: { at: number; value: Promise<Discovery> } | undefined;
  let keys: { uri: string; set: JWTVerifyGetKey } | undefined;

  const discover = (): Promise<Discovery> => {
    if (!cached || Date.now() - cached.at > DISCOVERY_TTL_MS) {
      const value = fetchDiscovery(option, discoveryUrl, fetchImpl);
      cached = { at: Date.now(), value };
      value.catch(() => {
        if (cached?.value === value) cached = undefined;
      });
    }
    return cached.value;
  };

  return {
    discover,
    async keys() {
      const { jwks_uri } = await discover();
      if (keys?.uri !== jwks_uri) {
        // An id token signed by a key not in the cached set refetches the set (rotation), at most once a second.
        const set = createRemoteJWKSet(new URL(jwks_uri), { timeoutDuration: TIMEOUT_MS, cooldownDuration: JWKS_COOLDOWN_MS, cacheMaxAge: JWKS_MAX_AGE_MS });
        keys = { uri: jwks_uri, set };
      }
      return keys.set;
    },
    async authEndpoint() {
      const url = new URL((await discover()).authorization_endpoint);
      for (const [name, value] of Object.entries(option.authParams ?? {})) url.searchParams.set(name, value);
      return url.toString();
    },
    async tokenRequest({ code, redirectUri, codeVerifier }, auth) {
      const discovery = await discover();
      const form = new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: redirectUri, code_verifier: codeVerifier });
      const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded", accept: "application/json" };
      await (auth ?? clientAuthFor(option, discovery))({ form, headers, tokenEndpoint: discovery.token_endpoint });
      let response: Response;
      try {
        response = await fetchImpl(discovery.token_endpoint, { method: "POST", headers, body: form.toString(), signal: AbortSignal.timeout(TIMEOUT_MS) });
      } catch (error) {
        throw providerUnavailable(option.id, `its token endpoint did not answer (${(error as Error).message})`);
      }
      const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
      if (!response.ok) throw tokenRefusal(option.id, response.status, body);
      return body;
    },
  };
}

/**
 * The client authentication: the configured one, else the first of private_key_jwt (with a key),
 * client_secret_basic, client_secret_post (with a secret) and none that discovery lists (absent,
 * client_secret_basic: RFC 8414's default); nothing it lists that this server can do is a misconfiguration.
 */
export function clientAuthFor(option: OidcProviderOption, discovery: Pick<Discovery, "token_endpoint_auth_methods_supported">): ClientAuth {
  const supported = discovery.token_endpoint_auth_methods_supported ?? ["client_secret_basic"];
  const method = option.tokenAuth ?? chooseMethod(option, supported);
  if (!method) {
    throw providerMisconfigured(option.id, `it accepts ${supported.join(", ")} at its token endpoint, and none of them is configured (a secret, or a private key)`);
  }
  switch (method) {
    case "private_key_jwt":
      if (!option.clientKey) throw providerMisconfigured(option.id, "private_key_jwt needs the app's private key (_PRIVATE_KEY_FILE and _KEY_ID)");
      return privateKeyJwt(option.clientId, option.clientKey);
    case "client_secret_basic":
    case "client_secret_post":
      if (!option.clientSecret) throw providerMisconfigured(option.id, `${method} needs the client secret (_CLIENT_SECRET)`);
      return method === "client_secret_basic" ? clientSecretBasic(option.clientId, option.clientSecret) : clientSecretPost(option.clientId, option.clientSecret);
    case "none":
      return clientNone(option.clientId);
  }
}

function chooseMethod(option: OidcProviderOption, supported: string[]): ClientAuthMethod | undefined {
  const possible: ClientAuthMethod[] = [
    ...(option.clientKey ? (["private_key_jwt"] as const) : []),
    ...(option.clientSecret ? (["client_secret_basic", "client_secret_post"] as const) : []),
    "none",
  ];
  return possible.find((method) => supported.includes(method));
}

/** An email counts as verified only when the id token says so (true, or Apple's "true"). */
export const saysEmailVerified = (claims: ProviderClaims): boolean => claims.email_verified === true || claims.email_verified === "true";

/**
 * A provider found by OIDC discovery (kept an hour; a failure is retried on the next use): the
 * authorization endpoint for the kit, the token request with PKCE, and its JWKS for id tokens.
 */
export function oidcProvider(option: OidcProviderOption, fetchImpl: typeof fetch = globalThis.fetch): SocialProvider {
  const client = oidcClient(option, fetchImpl);
  return {
    id: option.id,
    isCustomProvider: !KNOWN_PROVIDER_IDS.includes(option.id),
    clientId: option.clientId,
    issuer: { id: option.id, issuer: option.issuer, audiences: [option.clientId], keys: () => client.keys() },
    authEndpoint: () => client.authEndpoint(),
    async exchangeCode(request) {
      const body = await client.tokenRequest(request);
      if (typeof body.id_token !== "string") throw badRequest("TOKEN_EXCHANGE_FAILED", `${option.id} answered without an id_token (is openid in the scope?)`);
      return { idToken: body.id_token, accessToken: typeof body.access_token === "string" ? body.access_token : "" };
    },
    emailVerified: saysEmailVerified,
  };
}

async function fetchDiscovery(option: OidcProviderOption, url: string, fetchImpl: typeof fetch): Promise<Discovery> {
  let response: Response;
  try {
    response = await fetchImpl(url, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw providerUnavailable(option.id, `its discovery document ${url} did not answer (${(error as Error).message})`);
  }
  if (!response.ok) throw providerUnavailable(option.id, `its discovery document ${url} answered ${response.status}`);
  const doc = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!doc || doc.issuer !== option.issuer) {
    throw providerMisconfigured(option.id, `its discovery document names issuer ${JSON.stringify(doc?.issuer ?? null)}, not ${option.issuer}`);
  }
  for (const field of ["authorization_endpoint", "token_endpoint", "jwks_uri"] as const) {
    if (typeof doc[field] !== "string") throw providerUnavailable(option.id, `its discovery document has no ${field}`);
  }
  const methods = doc.token_endpoint_auth_methods_supported;
  return { ...(doc as unknown as Discovery), ...(Array.isArray(methods) ? { token_endpoint_auth_methods_supported: methods.filter((m): m is string => typeof m === "string") } : {}) };
}
