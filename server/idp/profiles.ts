// Social sign-in providers as the production profile configures them (LATCH_OIDC_<ID>_<FIELD>, or
// LATCH_CONFIG's "oidc" object): a profile per id the kit names — apple, facebook, google, twitch,
// auth0 — and generic OpenID Connect for any other id. Every problem is reported, one per variable.
import { createPrivateKey, type KeyObject } from "node:crypto";
import { appleProvider, APPLE_ISSUER, type AppleProviderOption } from "./apple";
import { algorithmOf, CLIENT_AUTH_METHODS, type ClientAuthMethod } from "./clientAuth";
import { facebookProvider, type FacebookProviderOption } from "./facebook";
import type { IdpSigningKey } from "./keys";
import { oidcProvider, type OidcProviderOption } from "./oidc";
import type { SocialProvider } from "./socialProvider";

export const PROVIDER_FIELDS = [
  "ISSUER",
  "DISCOVERY_URL",
  "CLIENT_ID",
  "CLIENT_SECRET",
  "TOKEN_AUTH",
  "PRIVATE_KEY_FILE",
  "KEY_ID",
  "TEAM_ID",
  "AUTH_PARAMS",
  "CONNECTION",
  "GRAPH_VERSION",
  "DIALOG_URL",
  "GRAPH_URL",
] as const;
export type ProviderField = (typeof PROVIDER_FIELDS)[number];

export type ProviderConfig =
  | { id: string; profile: "oidc"; option: OidcProviderOption }
  | { id: string; profile: "apple"; option: AppleProviderOption }
  | { id: string; profile: "facebook"; option: FacebookProviderOption };

/** One line the server prints before it exits: the variable and what it expects. */
export interface ConfigProblem {
  variable: string;
  message: string;
}

/** A provider's raw settings and how to name each one in a message (env variable or config-file path). */
export interface RawProvider {
  id: string;
  fields: Partial<Record<ProviderField, string>>;
  name(field: ProviderField): string;
}

const DEFAULT_ISSUERS: Record<string, string> = {
  google: "https://accounts.google.com",
  twitch: "https://id.twitch.tv/oauth2",
  apple: APPLE_ISSUER,
};

/** Parameters of the authorization request the kit sets itself (and that bind the flow): not configurable. */
const RESERVED_AUTH_PARAMS = ["client_id", "redirect_uri", "response_type", "state", "nonce", "code_challenge", "code_challenge_method", "scope", "prompt"];

export function readProviders(raws: RawProvider[], readFile: (path: string) => string): { providers: ProviderConfig[]; problems: ConfigProblem[] } {
  const problems: ConfigProblem[] = [];
  const providers: ProviderConfig[] = [];
  for (const raw of raws) {
    const before = problems.length;
    const provider = readProvider(raw, readFile, (field, message) => problems.push({ variable: raw.name(field), message }));
    if (provider && problems.length === before) providers.push(provider);
  }
  return { providers, problems };
}

type Report = (field: ProviderField, message: string) => void;

function readProvider(raw: RawProvider, readFile: (path: string) => string, report: Report): ProviderConfig | undefined {
  const { id, fields } = raw;
  const value = (field: ProviderField) => fields[field]?.trim() || undefined;
  const required = (field: ProviderField, what: string) => {
    const found = value(field);
    if (!found) report(field, `required for ${id}: ${what}`);
    return found;
  };
  const httpUrl = (field: ProviderField, fallback?: string) => {
    const found = value(field) ?? fallback;
    if (found !== undefined && !isHttpUrl(found)) report(field, `expected an http(s) URL (was ${JSON.stringify(found)})`);
    return found;
  };
  const key = (): { key: KeyObject; keyId: string } | undefined => {
    const path = value("PRIVATE_KEY_FILE");
    const keyId = value("KEY_ID");
    if (!path) return undefined;
    if (!keyId) report("KEY_ID", `required with ${raw.name("PRIVATE_KEY_FILE")}: the id of that key as registered at ${id}`);
    const loaded = privateKey(path, readFile, (message) => report("PRIVATE_KEY_FILE", message));
    return loaded && keyId ? { key: loaded, keyId } : undefined;
  };

  if (id === "apple") {
    const clientId = required("CLIENT_ID", "the Services ID of your website (e.g. com.example.web)");
    const teamId = required("TEAM_ID", "your Apple Developer Team ID (10 characters)");
    const keyId = required("KEY_ID", "the Key ID of your Sign in with Apple key");
    const path = required("PRIVATE_KEY_FILE", "the path of that key's .p8 file (AuthKey_<KEY_ID>.p8)");
    const issuer = httpUrl("ISSUER", APPLE_ISSUER);
    const loaded = path ? privateKey(path, readFile, (message) => report("PRIVATE_KEY_FILE", message)) : undefined;
    if (loaded && loaded.asymmetricKeyDetails?.namedCurve !== "prime256v1") report("PRIVATE_KEY_FILE", "expected Apple's P-256 (ES256) key, the .p8 file Apple gave you");
    if (!clientId || !teamId || !keyId || !loaded || !issuer) return undefined;
    return { id, profile: "apple", option: { issuer, clientId, teamId, signing: { key: loaded, keyId } } };
  }

  if (id === "facebook") {
    const appId = required("CLIENT_ID", "your Facebook App ID");
    const appSecret = required("CLIENT_SECRET", "your Facebook App Secret");
    const graphVersion = required("GRAPH_VERSION", "the Graph API version your app uses, e.g. v23.0");
    if (graphVersion && !/^v\d+\.\d+$/.test(graphVersion)) report("GRAPH_VERSION", `expected a version like v23.0 (was ${JSON.stringify(graphVersion)})`);
    const dialogUrl = httpUrl("DIALOG_URL");
    const graphUrl = httpUrl("GRAPH_URL");
    if (!appId || !appSecret || !graphVersion) return undefined;
    return { id, profile: "facebook", option: { appId, appSecret, graphVersion, dialogUrl, graphUrl } };
  }

  // OpenID Connect: google, twitch, auth0, and any other id.
  const issuer = DEFAULT_ISSUERS[id] && !value("ISSUER") ? DEFAULT_ISSUERS[id] : required("ISSUER", issuerHint(id));
  if (issuer && !isHttpUrl(issuer)) report("ISSUER", `expected an http(s) URL (was ${JSON.stringify(issuer)})`);
  const discoveryUrl = httpUrl("DISCOVERY_URL");
  const clientId = required("CLIENT_ID", `the client id your app registered at ${id}`);
  const clientSecret = value("CLIENT_SECRET");
  const clientKey = key();
  const tokenAuth = value("TOKEN_AUTH");
  if (tokenAuth && !(CLIENT_AUTH_METHODS as readonly string[]).includes(tokenAuth)) report("TOKEN_AUTH", `expected one of ${CLIENT_AUTH_METHODS.join(", ")} (was ${JSON.stringify(tokenAuth)})`);
  if (tokenAuth === "private_key_jwt" && !value("PRIVATE_KEY_FILE")) report("PRIVATE_KEY_FILE", `required with TOKEN_AUTH=private_key_jwt: the PEM file of the key registered at ${id}`);
  if ((tokenAuth === "client_secret_basic" || tokenAuth === "client_secret_post") && !clientSecret) report("CLIENT_SECRET", `required with TOKEN_AUTH=${tokenAuth}`);
  if ((id === "google" || id === "twitch") && !clientSecret) report("CLIENT_SECRET", `required for ${id}: the client secret of your app`);
  if (id === "auth0" && !clientSecret && !value("PRIVATE_KEY_FILE")) report("CLIENT_SECRET", "required for auth0 (or _PRIVATE_KEY_FILE and _KEY_ID for private_key_jwt): your application's credentials");
  const authParams = authParamsOf(value("AUTH_PARAMS"), (message) => report("AUTH_PARAMS", message));
  const connection = value("CONNECTION");
  if (connection && id !== "auth0") report("CONNECTION", "only auth0 picks an upstream connection");
  if (!issuer || !clientId) return undefined;
  return {
    id,
    profile: "oidc",
    option: {
      id,
      issuer,
      discoveryUrl,
      clientId,
      clientSecret,
      clientKey,
      tokenAuth: tokenAuth as ClientAuthMethod | undefined,
      authParams: { ...authParams, ...(connection ? { connection } : {}) },
    },
  };
}

const issuerHint = (id: string) =>
  id === "auth0" ? "your tenant's issuer, e.g. https://example.us.auth0.com/ (with the trailing slash Auth0's tokens carry)" : `the OpenID issuer of ${id}, e.g. https://accounts.google.com`;

function isHttpUrl(value: string): boolean {
  try {
    return ["http:", "https:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

function privateKey(path: string, readFile: (path: string) => string, report: (message: string) => void): KeyObject | undefined {
  let pem: string;
  try {
    pem = readFile(path);
  } catch (error) {
    report(`${(error as NodeJS.ErrnoException).code ?? "unreadable"}: ${path}`);
    return undefined;
  }
  try {
    const key = createPrivateKey(pem);
    algorithmOf(key);
    return key;
  } catch (error) {
    report(`expected a PEM private key (PKCS#8, "-----BEGIN PRIVATE KEY-----") in ${path}: ${(error as Error).message}`);
    return undefined;
  }
}

function authParamsOf(value: string | undefined, report: (message: string) => void): Record<string, string> {
  if (!value) return {};
  const params: Record<string, string> = {};
  for (const [name, param] of new URLSearchParams(value)) {
    if (RESERVED_AUTH_PARAMS.includes(name)) report(`${name} is set by the kit and cannot be configured (was in ${JSON.stringify(value)})`);
    else params[name] = param;
  }
  return params;
}

/** The configured providers as the server uses them; Facebook's id tokens are signed with `signingKey`. */
export function socialProvidersFrom(configs: ProviderConfig[], signingKey: () => Promise<IdpSigningKey>): SocialProvider[] {
  return configs.map((config) => {
    switch (config.profile) {
      case "apple":
        return appleProvider(config.option);
      case "facebook":
        return facebookProvider(config.option, signingKey);
      case "oidc":
        return oidcProvider(config.option);
    }
  });
}
