// Facebook Login, manually built flow: the login dialog on www.facebook.com, the code exchanged at
// the Graph API's /oauth/access_token, then the person from Graph /me (id, name, email) with the
// access token and its appsecret_proof (HMAC-SHA256 of the token keyed by the app secret). The code
// flow has no id token (Facebook's OIDC code flow is "still in testing"), so this server issues one
// for the identity /me returned: iss https://www.facebook.com (the identity Facebook's own id tokens
// would name), aud the app id, sub the app-scoped user id, signed with this server's key.
import { createHmac } from "node:crypto";
import { createLocalJWKSet, SignJWT, type JWTVerifyGetKey } from "jose";
import { badRequest } from "../errors";
import type { IdpSigningKey } from "./keys";
import { providerMisconfigured, providerUnavailable, tokenRefusal } from "./providerErrors";
import type { SocialProvider } from "./socialProvider";

export const FACEBOOK_ISSUER = "https://www.facebook.com";
const TIMEOUT_MS = 5000;
const ID_TOKEN_TTL_SECONDS = 600;

export interface FacebookProviderOption {
  appId: string;
  appSecret: string;
  /** e.g. v23.0: the Graph API version the app is on. */
  graphVersion: string;
  /** Default https://www.facebook.com (the login dialog's host; a test points it at a stand-in). */
  dialogUrl?: string | undefined;
  /** Default https://graph.facebook.com. */
  graphUrl?: string | undefined;
}

export const appSecretProof = (accessToken: string, appSecret: string) => createHmac("sha256", appSecret).update(accessToken).digest("hex");

export function facebookProvider(option: FacebookProviderOption, signingKey: () => Promise<IdpSigningKey>, fetchImpl: typeof fetch = globalThis.fetch): SocialProvider {
  const dialog = `${(option.dialogUrl ?? "https://www.facebook.com").replace(/\/$/, "")}/${option.graphVersion}/dialog/oauth`;
  const graph = `${(option.graphUrl ?? "https://graph.facebook.com").replace(/\/$/, "")}/${option.graphVersion}`;
  let keySet: Promise<JWTVerifyGetKey> | undefined;

  const getJson = async (url: URL, what: string): Promise<{ ok: boolean; status: number; body: Record<string, unknown> }> => {
    let response: Response;
    try {
      response = await fetchImpl(url, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      throw providerUnavailable("facebook", `${what} did not answer (${(error as Error).message})`);
    }
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    return { ok: response.ok, status: response.status, body };
  };

  return {
    id: "facebook",
    isCustomProvider: false,
    clientId: option.appId,
    issuer: {
      id: "facebook",
      issuer: FACEBOOK_ISSUER,
      audiences: [option.appId],
      keys: () => (keySet ??= signingKey().then((key) => createLocalJWKSet({ keys: [key.publicJwk] }))),
    },
    authEndpoint: async () => dialog,
    async exchangeCode({ code, redirectUri, codeVerifier, nonce }) {
      const tokenUrl = new URL(`${graph}/oauth/access_token`);
      for (const [name, value] of Object.entries({ client_id: option.appId, client_secret: option.appSecret, redirect_uri: redirectUri, code, code_verifier: codeVerifier })) {
        tokenUrl.searchParams.set(name, value);
      }
      const token = await getJson(tokenUrl, "its token endpoint");
      if (!token.ok) throw graphRefusal(token.status, token.body, (status, body) => tokenRefusal("facebook", status, body));
      const accessToken = token.body.access_token;
      if (typeof accessToken !== "string" || !accessToken) throw providerUnavailable("facebook", "its token endpoint answered without an access_token");

      const meUrl = new URL(`${graph}/me`);
      meUrl.searchParams.set("fields", "id,name,email");
      meUrl.searchParams.set("access_token", accessToken);
      meUrl.searchParams.set("appsecret_proof", appSecretProof(accessToken, option.appSecret));
      const me = await getJson(meUrl, "Graph /me");
      if (!me.ok) throw graphRefusal(me.status, me.body, (status) => providerUnavailable("facebook", `Graph /me answered ${status}`));
      const id = me.body.id;
      if (typeof id !== "string" || !/^\d{1,32}$/.test(id)) throw providerUnavailable("facebook", "Graph /me answered without a user id");
      const email = typeof me.body.email === "string" ? me.body.email : undefined;
      const name = typeof me.body.name === "string" ? me.body.name.slice(0, 200) : undefined;

      const key = await signingKey();
      const iat = Math.floor(Date.now() / 1000);
      // Graph does not say whether the email was confirmed: it never links accounts by email.
      const idToken = await new SignJWT({ nonce, ...(email ? { email, email_verified: false } : {}), ...(name ? { name } : {}) })
        .setProtectedHeader({ alg: "ES256", kid: key.kid, typ: "JWT" })
        .setIssuer(FACEBOOK_ISSUER)
        .setSubject(id)
        .setAudience(option.appId)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ID_TOKEN_TTL_SECONDS)
        .sign(key.privateKey);
      return { idToken, accessToken };
    },
    emailVerified: () => false,
  };
}

/** Graph errors `{error: {message, type, code}}`: 190 an invalid token, 100/101/1 a bad app or parameter (misconfigured). */
function graphRefusal(status: number, body: Record<string, unknown>, otherwise: (status: number, body: Record<string, unknown>) => Error): Error {
  const error = typeof body.error === "object" && body.error !== null ? (body.error as Record<string, unknown>) : {};
  const message = typeof error.message === "string" ? error.message : `status ${status}`;
  if (status >= 500) return providerUnavailable("facebook", `the Graph API answered ${status} (${message})`);
  if (error.code === 101 || /app secret|client secret|appsecret_proof|application/i.test(message)) {
    return providerMisconfigured("facebook", `the Graph API refused this app (${message})`);
  }
  if (error.code === 190 || error.code === 100) return badRequest("TOKEN_EXCHANGE_FAILED", `facebook refused the code: ${message}`);
  return otherwise(status, body);
}
