import { createRemoteJWKSet, type JWTVerifyGetKey } from "jose";
import { ApiError, badRequest } from "../errors";
import type { SocialProvider } from "./socialProvider";

/** A real OpenID provider (google, apple, auth0, an app's own issuer…) as configured by LATCH_OIDC_<ID>_*. */
export interface OidcProviderOption {
  id: string;
  issuer: string;
  /** Default `<issuer>/.well-known/openid-configuration`. */
  discoveryUrl?: string | undefined;
  clientId: string;
  /** Sent as client_secret (client_secret_post); absent for a public client (PKCE only). */
  clientSecret?: string | undefined;
}

/** The ids the kit knows as built-in providers; any other id is a custom provider. */
export const KNOWN_PROVIDER_IDS = ["google", "apple", "facebook", "twitch", "auth0"];

interface Discovery {
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
}

const TIMEOUT_MS = 5000;
const DISCOVERY_TTL_MS = 60 * 60_000;

/**
 * A provider found by OIDC discovery (kept an hour; a failure is retried on the next use): the
 * authorization endpoint for the kit, the token request with PKCE, and its JWKS for id tokens.
 */
export function oidcProvider(option: OidcProviderOption, fetchImpl: typeof fetch = globalThis.fetch): SocialProvider {
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
    id: option.id,
    isCustomProvider: !KNOWN_PROVIDER_IDS.includes(option.id),
    clientId: option.clientId,
    issuer: {
      id: option.id,
      issuer: option.issuer,
      audiences: [option.clientId],
      async keys() {
        const { jwks_uri } = await discover();
        if (keys?.uri !== jwks_uri) keys = { uri: jwks_uri, set: createRemoteJWKSet(new URL(jwks_uri), { timeoutDuration: TIMEOUT_MS, cooldownDuration: 1000 }) };
        return keys.set;
      },
    },
    authEndpoint: async () => (await discover()).authorization_endpoint,
    async exchangeCode({ code, redirectUri, codeVerifier }) {
      const { token_endpoint } = await discover();
      const form = new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: redirectUri, code_verifier: codeVerifier, client_id: option.clientId });
      if (option.clientSecret) form.set("client_secret", option.clientSecret);
      let response: Response;
      try {
        response = await fetchImpl(token_endpoint, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
          body: form.toString(),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        throw unavailable(option, `its token endpoint did not answer (${(error as Error).message})`);
      }
      const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
      if (!response.ok) {
        const reason = typeof body.error_description === "string" ? body.error_description : typeof body.error === "string" ? body.error : `status ${response.status}`;
        throw badRequest("TOKEN_EXCHANGE_FAILED", `${option.id} refused the code: ${reason}`);
      }
      if (typeof body.id_token !== "string") throw badRequest("TOKEN_EXCHANGE_FAILED", `${option.id} answered without an id_token (is openid in the scope?)`);
      return { idToken: body.id_token, accessToken: typeof body.access_token === "string" ? body.access_token : "" };
    },
  };
}

async function fetchDiscovery(option: OidcProviderOption, url: string, fetchImpl: typeof fetch): Promise<Discovery> {
  let response: Response;
  try {
    response = await fetchImpl(url, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw unavailable(option, `its discovery document ${url} did not answer (${(error as Error).message})`);
  }
  if (!response.ok) throw unavailable(option, `its discovery document ${url} answered ${response.status}`);
  const doc = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!doc || doc.issuer !== option.issuer) {
    throw unavailable(option, `its discovery document names issuer ${JSON.stringify(doc?.issuer ?? null)}, not ${option.issuer}`);
  }
  for (const field of ["authorization_endpoint", "token_endpoint", "jwks_uri"] as const) {
    if (typeof doc[field] !== "string") throw unavailable(option, `its discovery document has no ${field}`);
  }
  return doc as unknown as Discovery;
}

const unavailable = (option: OidcProviderOption, why: string) => new ApiError(502, "PROVIDER_UNAVAILABLE", `Identity provider ${option.id} is unavailable: ${why}`);
