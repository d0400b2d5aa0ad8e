import { generateKeyPairSync } from "node:crypto";
import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, type Env } from "../../server/production/config";

const KEY_HEX = "11".repeat(32);
const BASE: Env = {
  LATCH_PUBLIC_URL: "https://signer.example.com",
  LATCH_ALLOWED_ORIGINS: "https://app.example.com, https://www.example.com",
  LATCH_SECRET_KEY: KEY_HEX,
  LATCH_API_KEYS: "k".repeat(24),
};
const files = (contents: Record<string, string>) => ({
  readFile(path: string) {
    if (!(path in contents)) throw Object.assign(new Error("missing"), { code: "ENOENT" });
    return contents[path]!;
  },
});
const load = (env: Env, contents: Record<string, string> = {}) => loadConfig({ ...BASE, ...env }, files(contents));
const problem = (env: Env, contents: Record<string, string> = {}) => {
  try {
    load(env, contents);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error("expected a ConfigError");
};

describe("production configuration", () => {
  it("reads the minimal configuration with defaults", () => {
    const config = load({});
    expect(config).toMatchObject({
      port: 8787,
      host: "127.0.0.1",
      publicUrl: "https://signer.example.com",
      allowedOrigins: ["https://app.example.com", "https://www.example.com"],
      dataDir: ".latch-server",
      emailMode: "otp",
      smtp: undefined,
      sms: undefined,
      oidcProviders: [],
      jwtIssuers: [],
      apiKeys: ["k".repeat(24)],
      trustedProxies: [],
    });
    expect(config.keyEncryptionKeys.keys).toHaveLength(1);
    expect(config.database).toEqual({ engine: "pglite" });
  });

  it("names each missing required variable and what it expects", () => {
    expect(problem({ LATCH_PUBLIC_URL: undefined })).toMatch(/^LATCH_PUBLIC_URL: required: the server's public URL/);
    expect(problem({ LATCH_ALLOWED_ORIGINS: " " })).toMatch(/^LATCH_ALLOWED_ORIGINS: required: the comma-separated origins/);
    expect(problem({ LATCH_SECRET_KEY: undefined })).toMatch(/^LATCH_SECRET_KEY: required \(or LATCH_SECRET_KEY_FILE\)/);
    expect(problem({ LATCH_API_KEYS: undefined })).toMatch(/^LATCH_API_KEYS: required/);
  });

  it("reports every missing or malformed variable at once, one line each in the README's order", () => {
    const message = problem({ PORT: "80a", LATCH_PUBLIC_URL: undefined, LATCH_SECRET_KEY: "abcd", LATCH_API_KEYS: undefined, LATCH_LOG_LEVEL: "loud" });
    expect(message.split("\n").map((line) => line.split(/[: ]/)[0])).toEqual(["PORT", "LATCH_PUBLIC_URL", "LATCH_SECRET_KEY", "LATCH_API_KEYS", "LATCH_LOG_LEVEL"]);
  });

  it("takes a public URL with a path (a server mounted under /latch), without its trailing slash", () => {
    expect(load({ LATCH_PUBLIC_URL: "https://example.com/latch/" }).publicUrl).toBe("https://example.com/latch");
  });

  it("names malformed values", () => {
    expect(problem({ PORT: "80a" })).toMatch(/^PORT: expected a whole number from 0 to 65535/);
    expect(problem({ PORT: "70000" })).toMatch(/^PORT: /);
    expect(problem({ LATCH_PUBLIC_URL: "https://signer.example.com/path?x=1" })).toMatch(/^LATCH_PUBLIC_URL: expected scheme:\/\/host\[:port\]\[\/path\]/);
    expect(problem({ LATCH_PUBLIC_URL: "ftp://x" })).toMatch(/^LATCH_PUBLIC_URL: expected a http or https URL/);
    expect(problem({ LATCH_ALLOWED_ORIGINS: "*" })).toMatch(/^LATCH_ALLOWED_ORIGINS: .*not allowed in production/);
    expect(problem({ LATCH_ALLOWED_ORIGINS: "https://a.example.com,notaurl" })).toMatch(/^LATCH_ALLOWED_ORIGINS: expected a http or https URL/);
    expect(problem({ LATCH_SECRET_KEY: "abcd" })).toMatch(/^LATCH_SECRET_KEY must be 32 bytes/);
    expect(problem({ DATABASE_URL: "mysql://x" })).toMatch(/^DATABASE_URL must start with postgres:\/\//);
    expect(problem({ LATCH_API_KEYS: "short" })).toMatch(/^LATCH_API_KEYS: expected comma-separated keys of at least 20/);
    expect(problem({ LATCH_EMAIL_MODE: "carrier-pigeon" })).toMatch(/^LATCH_EMAIL_MODE: expected one of otp, magic-link/);
    expect(problem({ SMTP_URL: "http://mail" })).toMatch(/^SMTP_URL: expected a smtp or smtps URL/);
    expect(problem({ LATCH_TRUSTED_PROXIES: "10.0.0.2, proxy.internal" })).toMatch(/^LATCH_TRUSTED_PROXIES: expected comma-separated IP addresses .*"proxy.internal"/);
  });

  it("sends SMS to no country until LATCH_SMS_ALLOWED_COUNTRIES lists calling codes", () => {
    expect(load({}).smsAllowedCountries).toEqual([]);
    expect(load({ LATCH_SMS_ALLOWED_COUNTRIES: "1, +44,49" }).smsAllowedCountries).toEqual(["1", "44", "49"]);
    expect(problem({ LATCH_SMS_ALLOWED_COUNTRIES: "US" })).toMatch(/^LATCH_SMS_ALLOWED_COUNTRIES: expected comma-separated country calling codes .*"US"/);
  });

  it("derives wallets on every core but one unless LATCH_DERIVATION_THREADS says otherwise", () => {
    expect(load({}).derivationThreads).toBe(Math.max(1, availableParallelism() - 1));
    expect(load({ LATCH_DERIVATION_THREADS: "0" }).derivationThreads).toBe(0);
    expect(load({ LATCH_DERIVATION_THREADS: "3" }).derivationThreads).toBe(3);
    expect(problem({ LATCH_DERIVATION_THREADS: "many" })).toMatch(/^LATCH_DERIVATION_THREADS: expected a whole number from 0 to 64/);
  });

  it("reads the reverse proxies it trusts", () => {
    expect(load({ LATCH_TRUSTED_PROXIES: "10.0.0.2, ::1" }).trustedProxies).toEqual(["10.0.0.2", "::1"]);
  });

  it("reads the keys from a value or a file", () => {
    const base64 = Buffer.alloc(32, 9).toString("base64");
    expect(load({ LATCH_SECRET_KEY: `${base64},${KEY_HEX}` }).keyEncryptionKeys.keys).toHaveLength(2);
    expect(load({ LATCH_SECRET_KEY: undefined, LATCH_SECRET_KEY_FILE: "/kek" }, { "/kek": `${KEY_HEX}\n` }).keyEncryptionKeys.keys).toHaveLength(1);
    expect(problem({ LATCH_SECRET_KEY: undefined, LATCH_SECRET_KEY_FILE: "/nope" })).toMatch(/^LATCH_SECRET_KEY_FILE: cannot read \/nope \(ENOENT/);
  });

  it("needs LATCH_EMAIL_FROM with SMTP_URL", () => {
    expect(problem({ SMTP_URL: "smtp://user:pass@127.0.0.1:2525" })).toMatch(/^LATCH_EMAIL_FROM: required/);
    expect(problem({ SMTP_URL: "smtp://127.0.0.1:2525", LATCH_EMAIL_FROM: "nobody" })).toMatch(/^LATCH_EMAIL_FROM: expected an email address/);
    expect(load({ SMTP_URL: "smtps://u:p@mail.example.com:465", LATCH_EMAIL_FROM: "Example <no-reply@example.com>" }).smtp).toEqual({
      url: "smtps://u:p@mail.example.com:465",
      from: "Example <no-reply@example.com>",
    });
  });

  it("takes one SMS provider: a webhook, or Twilio with all three variables", () => {
    expect(load({ LATCH_SMS_WEBHOOK_URL: "http://127.0.0.1:9000/sms" }).sms).toEqual({ kind: "webhook", url: "http://127.0.0.1:9000/sms" });
    expect(load({ TWILIO_ACCOUNT_SID: "AC1", TWILIO_AUTH_TOKEN: "t", TWILIO_FROM: "+15550000000" }).sms).toEqual({
      kind: "twilio",
      accountSid: "AC1",
      authToken: "t",
      from: "+15550000000",
      baseUrl: "https://api.twilio.com",
    });
    expect(problem({ TWILIO_ACCOUNT_SID: "AC1", TWILIO_FROM: "+1555" })).toMatch(/^TWILIO_AUTH_TOKEN: required with TWILIO_ACCOUNT_SID, TWILIO_FROM/);
    expect(problem({ TWILIO_ACCOUNT_SID: "AC1", TWILIO_AUTH_TOKEN: "t", TWILIO_FROM: "+1", LATCH_SMS_WEBHOOK_URL: "http://x" })).toMatch(/^LATCH_SMS_WEBHOOK_URL: expected either/);
  });

  it("reads identity providers and app JWT issuers per id, from the environment over the JSON file", () => {
    const config = load(
      {
        LATCH_CONFIG: "/latch.json",
        LATCH_OIDC_GOOGLE_ISSUER: "https://accounts.google.com",
        LATCH_OIDC_GOOGLE_CLIENT_ID: "env-client",
        LATCH_OIDC_GOOGLE_CLIENT_SECRET: "s",
        LATCH_OIDC_MY_APP_ISSUER: "https://id.example.com",
        LATCH_OIDC_MY_APP_CLIENT_ID: "mine",
        LATCH_JWT_BACKEND_ISSUER: "https://auth.example.com",
        LATCH_JWT_BACKEND_JWKS_URL: "https://auth.example.com/jwks.json",
        LATCH_JWT_BACKEND_AUDIENCE: "latch,latch-2",
      },
      {
        "/latch.json": JSON.stringify({
          oidc: { google: { issuer: "https://accounts.google.com", clientId: "file-client" }, auth0: { issuer: "https://t.auth0.com/", clientId: "a0", clientSecret: "a0-secret", connection: "github" } },
          jwtIssuers: { other: { issuer: "https://o.example.com", jwksUrl: "https://o.example.com/jwks", audience: "x" } },
        }),
      },
    );
    const oidc = (option: Record<string, unknown>) => ({
      id: option.id,
      profile: "oidc",
      option: { discoveryUrl: undefined, clientSecret: undefined, clientKey: undefined, tokenAuth: undefined, authParams: {}, ...option },
    });
    expect(config.oidcProviders).toEqual([
      oidc({ id: "google", issuer: "https://accounts.google.com", clientId: "env-client", clientSecret: "s" }),
      oidc({ id: "auth0", issuer: "https://t.auth0.com/", clientId: "a0", clientSecret: "a0-secret", authParams: { connection: "github" } }),
      oidc({ id: "my-app", issuer: "https://id.example.com", clientId: "mine" }),
    ]);
    expect(config.jwtIssuers).toEqual([
      { id: "other", issuer: "https://o.example.com", jwksUri: "https://o.example.com/jwks", audience: ["x"] },
      { id: "backend", issuer: "https://auth.example.com", jwksUri: "https://auth.example.com/jwks.json", audience: ["latch", "latch-2"] },
    ]);
  });

  it("names the missing half of a provider, and a broken config file", () => {
    expect(problem({ LATCH_OIDC_GOOGLE_ISSUER: "https://accounts.google.com" })).toMatch(/^LATCH_OIDC_GOOGLE_CLIENT_ID: required/);
    expect(problem({ LATCH_OIDC_TWITCH_CLIENT_ID: "x" })).toMatch(/^LATCH_OIDC_TWITCH_CLIENT_SECRET: required for twitch/);
    expect(problem({ LATCH_OIDC_ACME_CLIENT_ID: "x" })).toMatch(/^LATCH_OIDC_ACME_ISSUER: required for acme/);
    expect(problem({ LATCH_JWT_APP_ISSUER: "https://a", LATCH_JWT_APP_JWKS_URL: "https://a/jwks" })).toMatch(/^LATCH_JWT_APP_AUDIENCE: required/);
    expect(problem({ LATCH_CONFIG: "/c.json" }, { "/c.json": "{oops" })).toMatch(/^LATCH_CONFIG: expected a readable JSON file .* not JSON/);
    expect(problem({ LATCH_CONFIG: "/c.json" }, { "/c.json": JSON.stringify({ oidc: { google: { issuer: "https://g" } } }) })).toMatch(
      /^LATCH_CONFIG oidc\.google\.clientId: required for google/,
    );
  });

  it("accepts trusted app JWT issuers instead of API keys", () => {
    const config = load({ LATCH_API_KEYS: undefined, LATCH_JWT_APP_ISSUER: "https://a", LATCH_JWT_APP_JWKS_URL: "https://a/jwks", LATCH_JWT_APP_AUDIENCE: "latch" });
    expect(config.apiKeys).toEqual([]);
  });

  it("reads the provider profiles: Apple's team, key id and .p8 key; Facebook's app and Graph version; private_key_jwt and fixed authorization parameters", () => {
    const p8 = generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    const rsa = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    const config = load(
      {
        LATCH_OIDC_APPLE_CLIENT_ID: "com.example.web",
        LATCH_OIDC_APPLE_TEAM_ID: "TEAM123456",
        LATCH_OIDC_APPLE_KEY_ID: "KEY1234567",
        LATCH_OIDC_APPLE_PRIVATE_KEY_FILE: "/AuthKey.p8",
        LATCH_OIDC_FACEBOOK_CLIENT_ID: "1234",
        LATCH_OIDC_FACEBOOK_CLIENT_SECRET: "app-secret",
        LATCH_OIDC_FACEBOOK_GRAPH_VERSION: "v23.0",
        LATCH_OIDC_AUTH0_ISSUER: "https://t.auth0.com/",
        LATCH_OIDC_AUTH0_CLIENT_ID: "a0",
        LATCH_OIDC_AUTH0_PRIVATE_KEY_FILE: "/auth0.pem",
        LATCH_OIDC_AUTH0_KEY_ID: "k1",
        LATCH_OIDC_GOOGLE_CLIENT_ID: "g",
        LATCH_OIDC_GOOGLE_CLIENT_SECRET: "gs",
        LATCH_OIDC_GOOGLE_AUTH_PARAMS: "access_type=online&hd=example.com",
      },
      { "/AuthKey.p8": p8, "/auth0.pem": rsa },
    );
    const byId = Object.fromEntries(config.oidcProviders.map((p) => [p.id, p]));
    expect(byId.apple).toMatchObject({ profile: "apple", option: { issuer: "https://appleid.apple.com", clientId: "com.example.web", teamId: "TEAM123456", signing: { keyId: "KEY1234567" } } });
    expect(byId.facebook).toMatchObject({ profile: "facebook", option: { appId: "1234", appSecret: "app-secret", graphVersion: "v23.0" } });
    expect(byId.auth0).toMatchObject({ profile: "oidc", option: { issuer: "https://t.auth0.com/", clientKey: { keyId: "k1" } } });
    expect(byId.google).toMatchObject({ profile: "oidc", option: { issuer: "https://accounts.google.com", authParams: { access_type: "online", hd: "example.com" } } });
  });

  it("reports every missing or malformed provider variable, one line each", () => {
    const lines = problem(
      { LATCH_OIDC_APPLE_CLIENT_ID: "com.example.web", LATCH_OIDC_FACEBOOK_CLIENT_ID: "1234", LATCH_OIDC_GOOGLE_CLIENT_ID: "g", LATCH_OIDC_GOOGLE_CLIENT_SECRET: "s", LATCH_OIDC_GOOGLE_AUTH_PARAMS: "nonce=1" },
      {},
    ).split("\n");
    expect(lines).toEqual([
      expect.stringMatching(/^LATCH_OIDC_APPLE_TEAM_ID: required for apple: your Apple Developer Team ID/),
      expect.stringMatching(/^LATCH_OIDC_APPLE_KEY_ID: required for apple/),
      expect.stringMatching(/^LATCH_OIDC_APPLE_PRIVATE_KEY_FILE: required for apple: the path of that key's \.p8 file/),
      expect.stringMatching(/^LATCH_OIDC_FACEBOOK_CLIENT_SECRET: required for facebook: your Facebook App Secret/),
      expect.stringMatching(/^LATCH_OIDC_FACEBOOK_GRAPH_VERSION: required for facebook: the Graph API version/),
      expect.stringMatching(/^LATCH_OIDC_GOOGLE_AUTH_PARAMS: nonce is set by the kit/),
    ]);
    const rsa = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    expect(
      problem({ LATCH_OIDC_APPLE_CLIENT_ID: "c", LATCH_OIDC_APPLE_TEAM_ID: "t", LATCH_OIDC_APPLE_KEY_ID: "k", LATCH_OIDC_APPLE_PRIVATE_KEY_FILE: "/k.pem" }, { "/k.pem": rsa }),
    ).toMatch(/^LATCH_OIDC_APPLE_PRIVATE_KEY_FILE: expected Apple's P-256 \(ES256\) key/);
    expect(problem({ LATCH_OIDC_APPLE_CLIENT_ID: "c", LATCH_OIDC_APPLE_TEAM_ID: "t", LATCH_OIDC_APPLE_KEY_ID: "k", LATCH_OIDC_APPLE_PRIVATE_KEY_FILE: "/none.p8" })).toMatch(
      /^LATCH_OIDC_APPLE_PRIVATE_KEY_FILE: ENOENT: \/none\.p8/,
    );
    expect(problem({ LATCH_OIDC_ACME_ISSUER: "https://id.acme.test", LATCH_OIDC_ACME_CLIENT_ID: "c", LATCH_OIDC_ACME_TOKEN_AUTH: "private_key_jwt" })).toMatch(
      /^LATCH_OIDC_ACME_PRIVATE_KEY_FILE: required with TOKEN_AUTH=private_key_jwt/,
    );
  });
});
