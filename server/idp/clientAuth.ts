// How the server authenticates to a provider's token endpoint (OpenID Connect Core §9, RFC 7523):
// the secret in the form, the secret as HTTP Basic, a JWT signed with the app's private key, or
// Apple's client secret (an ES256 JWT the server signs with the developer's key and reuses until
// shortly before it expires).
import { randomUUID, type KeyObject } from "node:crypto";
import { SignJWT } from "jose";

export const CLIENT_AUTH_METHODS = ["client_secret_post", "client_secret_basic", "private_key_jwt", "none"] as const;
export type ClientAuthMethod = (typeof CLIENT_AUTH_METHODS)[number];

/** The app's signing key for private_key_jwt or Apple's secret: a PEM file's key and its key id. */
export interface ClientKey {
  key: KeyObject;
  keyId: string;
}

/** Adds the client's credentials to a token request (form fields and headers). */
export type ClientAuth = (request: { form: URLSearchParams; headers: Record<string, string>; tokenEndpoint: string }) => Promise<void>;

const ASSERTION_TTL_SECONDS = 60;
const ASSERTION_TYPE = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";

/** The JWS algorithm a key signs with: ES256/384/512 by curve, RS256 for RSA, EdDSA for Ed25519. */
export function algorithmOf(key: KeyObject): string {
  const type = key.asymmetricKeyType;
  if (type === "ec") {
    const curve = key.asymmetricKeyDetails?.namedCurve;
    if (curve === "prime256v1" || curve === "P-256") return "ES256";
    if (curve === "secp384r1" || curve === "P-384") return "ES384";
    if (curve === "secp521r1" || curve === "P-521") return "ES512";
    throw new Error(`EC keys on curve ${curve ?? "unknown"} cannot sign client assertions (P-256, P-384 or P-521)`);
  }
  if (type === "rsa") return "RS256";
  if (type === "ed25519") return "EdDSA";
  throw new Error(`${type ?? "unknown"} keys cannot sign client assertions (EC, RSA or Ed25519)`);
}

export function clientSecretPost(clientId: string, secret: string): ClientAuth {
  return async ({ form }) => {
    form.set("client_id", clientId);
    form.set("client_secret", secret);
  };
}

/** RFC 6749 §2.3.1: client id and secret form-urlencoded, then joined by a colon, in Basic. */
export function clientSecretBasic(clientId: string, secret: string): ClientAuth {
  const encode = (value: string) => encodeURIComponent(value).replace(/%20/g, "+");
  const header = `Basic ${Buffer.from(`${encode(clientId)}:${encode(secret)}`).toString("base64")}`;
  return async ({ headers, form }) => {
    headers.authorization = header;
    form.delete("client_id");
  };
}

/** A public client: only its id (PKCE proves the code is ours). */
export function clientNone(clientId: string): ClientAuth {
  return async ({ form }) => {
    form.set("client_id", clientId);
  };
}

/** RFC 7523 §2.2: a one-use JWT (iss = sub = client id, aud = the token endpoint) signed with the app's key. */
export function privateKeyJwt(clientId: string, signing: ClientKey, now: () => number = Date.now): ClientAuth {
  const alg = algorithmOf(signing.key);
  return async ({ form, tokenEndpoint }) => {
    const iat = Math.floor(now() / 1000);
    const assertion = await new SignJWT({})
      .setProtectedHeader({ alg, kid: signing.keyId, typ: "JWT" })
      .setIssuer(clientId)
      .setSubject(clientId)
      .setAudience(tokenEndpoint)
      .setJti(randomUUID())
      .setIssuedAt(iat)
      .setExpirationTime(iat + ASSERTION_TTL_SECONDS)
      .sign(signing.key);
    form.set("client_id", clientId);
    form.set("client_assertion_type", ASSERTION_TYPE);
    form.set("client_assertion", assertion);
  };
}

export interface AppleSecretOptions {
  teamId: string;
  clientId: string;
  signing: ClientKey;
  /** Apple's issuer (https://appleid.apple.com): the secret's audience. */
  audience: string;
  /** How long a secret is valid; Apple accepts at most 6 months (15,777,000 s). */
  lifetimeSeconds?: number;
  now?: () => number;
}

const APPLE_SECRET_LIFETIME_SECONDS = 24 * 3600;
/** A cached secret is replaced when less than this is left. */
const APPLE_SECRET_RENEW_SECONDS = 10 * 60;

/**
 * Apple's client_secret: ES256 JWT {iss: team id, sub: services id, aud: Apple, iat, exp} with the
 * key id in the header, signed once and reused until ten minutes before it expires.
 */
export function appleClientSecret(options: AppleSecretOptions): { auth: ClientAuth; secret(): Promise<string> } {
  const now = options.now ?? Date.now;
  const lifetime = options.lifetimeSeconds ?? APPLE_SECRET_LIFETIME_SECONDS;
  let cached: { value: Promise<string>; exp: number } | undefined;
  const secret = (): Promise<string> => {
    const iat = Math.floor(now() / 1000);
    if (!cached || cached.exp - iat < APPLE_SECRET_RENEW_SECONDS) {
      const exp = iat + lifetime;
      const value = new SignJWT({})
        .setProtectedHeader({ alg: "ES256", kid: options.signing.keyId })
        .setIssuer(options.teamId)
        .setSubject(options.clientId)
        .setAudience(options.audience)
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(options.signing.key);
      cached = { value, exp };
      value.catch(() => {
        if (cached?.value === value) cached = undefined;
      });
    }
    return cached.value;
  };
  return {
    secret,
    auth: async ({ form }) => {
      form.set("client_id", options.clientId);
      form.set("client_secret", await secret());
    },
  };
}
