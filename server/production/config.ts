import { isIP } from "node:net";
import { CUSTODY_MODES, type CustodyMode } from "../custody/custodyMode";
import { availableParallelism } from "node:os";
import { keyEncryptionKeysFromEnv } from "../custody/env";
import type { KeyRing } from "../custody/keyEncryptionKey";
import { databaseFromEnv, type DatabaseConfig } from "../db/config";
import { PROVIDER_FIELDS, readProviders, type ProviderConfig, type RawProvider } from "../idp/profiles";
import type { EmailMode, JwtIssuerOption, Limits } from "../options";
import type { ServerMethod } from "../method";
import type { MessageTemplates } from "../delivery/messageTemplates";
import { readTemplatesDir } from "../delivery/templateFiles";

/** Everything the production profile reads from its environment, checked. */
export interface ProductionConfig {
  port: number;
  host: string;
  publicUrl: string;
  allowedOrigins: string[];
  /** The key-encryption keys (LATCH_SECRET_KEY / _FILE): the first seals, all open. */
  keyEncryptionKeys: KeyRing;
  /** PostgreSQL by DATABASE_URL, else the embedded database in dataDir. */
  database: DatabaseConfig;
  dataDir: string;
  emailMode: EmailMode;
  /** LATCH_CUSTODY: server (default), split, split-required (see SECURITY.md). */
  custody: CustodyMode;
  smtp: { url: string; from: string } | undefined;
  /** LATCH_APP_NAME: the product name in emails and SMS (default "Latch"). */
  appName: string;
  /** LATCH_TEMPLATES_DIR: the operator's email and SMS texts per locale (server/delivery/messageTemplates.ts). */
  messageTemplates: MessageTemplates | undefined;
  sms: { kind: "webhook"; url: string } | { kind: "twilio"; accountSid: string; authToken: string; from: string; baseUrl: string } | undefined;
  /** Country calling codes SMS may go to (LATCH_SMS_ALLOWED_COUNTRIES, e.g. "1,44"); none until set. */
  smsAllowedCountries: string[];
  /** Social sign-in providers by profile (apple, facebook, google, twitch, auth0, generic OIDC). */
  oidcProviders: ProviderConfig[];
  jwtIssuers: JwtIssuerOption[];
  apiKeys: string[];
  /** Host names (with or without port) answered besides LATCH_PUBLIC_URL's (LATCH_HOST_ALIASES); any other Host is 421. */
  hostAliases: string[];
  /** The bearer token `/metrics` asks for (LATCH_METRICS_TOKEN); without one, no metrics are served. */
  metricsToken: string | undefined;
  /** Reverse proxies whose X-Forwarded-For names the client (per-client limits). */
  trustedProxies: string[];
  logLevel: string;
  /** How long requests in flight may take to finish on SIGTERM. */
  shutdownGraceMs: number;
  /** Worker threads deriving new wallets (LATCH_DERIVATION_THREADS; default all cores but one, at least 1). */
  derivationThreads: number;
  /** Sign-in methods beside the built-in ones (a config file's or the library's `methods`). */
  methods?: ServerMethod[];
  /** Limits besides the defaults (a config file's or the library's `limits`). */
  limits?: Partial<Limits>;
}

/** A variable that is missing or malformed: `message` is the one line the server prints before it exits. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    expected: string,
  ) {
    super(expected.startsWith(`${variable}`) ? expected : `${variable}: ${expected}`);
    this.name = "ConfigError";
  }
}

export type Env = Record<string, string | undefined>;

export interface ConfigSources {
  /** Reads LATCH_CONFIG, LATCH_SECRET_KEY_FILE and LATCH_API_KEYS_FILE. */
  readFile(path: string): string;
}

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];
const MIN_API_KEY_LENGTH = 20;

/** Every missing or malformed setting at once: one line each, in the order the README lists them. */
export class ConfigErrors extends ConfigError {
  constructor(readonly problems: ConfigError[]) {
    super(problems[0]!.variable, problems.map((problem) => problem.message).join("\n"));
  }
}

/**
 * Reads and checks the production variables (`structured`: identity providers and app JWT issuers
 * given as objects, by a config file or the library; the environment wins for the same id). Every
 * problem is collected: a ConfigError for one, ConfigErrors (one line each) for several.
 */
export function loadConfig(env: Env, sources: ConfigSources, structured: ConfigFile = {}): ProductionConfig {
  const problems: ConfigError[] = [];
  const check = <T>(read: () => T, fallback: T): T => {
    try {
      return read();
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      problems.push(error);
      return fallback;
    }
  };
  const port = check(() => portOf(env.PORT), 0);
  const host = env.HOST?.trim() || "127.0.0.1";
  const publicUrl = check(() => publicUrlOf(required(env, "LATCH_PUBLIC_URL", "the server's public URL, e.g. https://signer.example.com")), "");
  const origins = check(() => allowedOrigins(env.LATCH_ALLOWED_ORIGINS), []);
  const keyEncryptionKeys = check(() => secretKeys(env, sources), undefined);
  const database = check(() => fromLoader("DATABASE_URL", () => databaseFromEnv(env)), { engine: "pglite" } as DatabaseConfig);
  const file = check(() => (env.LATCH_CONFIG ? configFile(env.LATCH_CONFIG, sources) : {}), {});
  const smtpConfig = check(() => smtp(env), undefined);
  const smsConfig = check(() => sms(env), undefined);
  const fromFiles = { oidc: { ...file.oidc, ...structured.oidc }, jwtIssuers: { ...file.jwtIssuers, ...structured.jwtIssuers } };
  const oidcProviders = check(() => socialProviders(fromFiles, env, sources), []);
  const jwtIssuers = check(() => mergeById(jwtIssuersFromFile(fromFiles), jwtIssuersFromEnv(env)), []);
  const apiKeys = check(() => apiKeysOf(apiKeysText(env, sources), jwtIssuers.length > 0), []);
  const config: ProductionConfig = {
    port,
    host,
    publicUrl,
    allowedOrigins: origins,
    keyEncryptionKeys: keyEncryptionKeys!,
    database,
    dataDir: env.LATCH_DATA_DIR?.trim() || ".latch-server",
    emailMode: check(() => oneOf(env, "LATCH_EMAIL_MODE", ["otp", "magic-link"], "otp") as EmailMode, "otp"),
    custody: check(() => oneOf(env, "LATCH_CUSTODY", [...CUSTODY_MODES], "server") as CustodyMode, "server"),
    smtp: smtpConfig,
    sms: smsConfig,
    appName: check(() => appNameOf(env.LATCH_APP_NAME), "Latch"),
    messageTemplates: check(() => templatesOf(env.LATCH_TEMPLATES_DIR), undefined),
    smsAllowedCountries: check(() => callingCodesOf(env.LATCH_SMS_ALLOWED_COUNTRIES), []),
    oidcProviders,
    jwtIssuers,
    apiKeys,
    trustedProxies: check(() => trustedProxiesOf(env.LATCH_TRUSTED_PROXIES), []),
    hostAliases: check(() => hostAliasesOf(env.LATCH_HOST_ALIASES), []),
    metricsToken: check(() => metricsTokenOf(env.LATCH_METRICS_TOKEN), undefined),
    logLevel: check(() => oneOf(env, "LATCH_LOG_LEVEL", LOG_LEVELS, "info"), "info"),
    shutdownGraceMs: check(() => (env.LATCH_SHUTDOWN_GRACE_MS === undefined ? 10_000 : integer("LATCH_SHUTDOWN_GRACE_MS", env.LATCH_SHUTDOWN_GRACE_MS, 0, 600_000)), 0),
    derivationThreads: check(
      () => (env.LATCH_DERIVATION_THREADS === undefined ? Math.max(1, availableParallelism() - 1) : integer("LATCH_DERIVATION_THREADS", env.LATCH_DERIVATION_THREADS, 0, 64)),
      0,
    ),
  };
  if (problems.length === 1) throw problems[0]!;
  if (problems.length > 1) throw new ConfigErrors(problems);
  return config;
}

function appNameOf(value: string | undefined): string {
  const name = value?.trim();
  if (name === undefined || name === "") return "Latch";
  if (name.length > 60 || /[\r\n<>]/.test(name)) throw new ConfigError("LATCH_APP_NAME", `expected a product name of at most 60 characters on one line, without < or > (was ${JSON.stringify(name)})`);
  return name;
}

function templatesOf(dir: string | undefined): MessageTemplates | undefined {
  if (!dir?.trim()) return undefined;
  const { templates, problems } = readTemplatesDir(dir.trim());
  if (problems.length > 0) throw new ConfigError("LATCH_TEMPLATES_DIR", problems.join("; "));
  return templates;
}

/** LATCH_API_KEYS, or LATCH_API_KEYS_FILE: a file of keys (separated by commas or whitespace) that `latch-server init` writes. */
function apiKeysText(env: Env, sources: ConfigSources): string | undefined {
  const file = env.LATCH_API_KEYS_FILE?.trim();
  if (!file) return env.LATCH_API_KEYS;
  if (env.LATCH_API_KEYS?.trim()) throw new ConfigError("LATCH_API_KEYS_FILE", "LATCH_API_KEYS is set too: set one");
  try {
    return sources.readFile(file).split(/\s+/).join(",");
  } catch (error) {
    throw new ConfigError("LATCH_API_KEYS_FILE", `cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
}

function apiKeysOf(value: string | undefined, haveAppIssuers: boolean): string[] {
  const apiKeys = list(value);
  for (const key of apiKeys) {
    if (key.length < MIN_API_KEY_LENGTH || !/^[\x21-\x7e]+$/.test(key)) {
      throw new ConfigError("LATCH_API_KEYS", `expected comma-separated keys of at least ${MIN_API_KEY_LENGTH} printable characters each (one is ${key.length} long)`);
    }
  }
  if (apiKeys.length === 0 && !haveAppIssuers) {
    throw new ConfigError(
      "LATCH_API_KEYS",
      `required: comma-separated keys (at least ${MIN_API_KEY_LENGTH} characters each) that apps send as Authorization: Bearer (or trust app JWTs with LATCH_JWT_<ID>_ISSUER, _JWKS_URL, _AUDIENCE)`,
    );
  }
  return apiKeys;
}

function trustedProxiesOf(value: string | undefined): string[] {
  const proxies = list(value);
  for (const proxy of proxies) {
    if (!isIP(proxy)) throw new ConfigError("LATCH_TRUSTED_PROXIES", `expected comma-separated IP addresses of your reverse proxies (was ${JSON.stringify(proxy)})`);
  }
  return proxies;
}

function required(env: Env, name: string, expected: string): string {
  const value = env[name]?.trim();
  if (!value) throw new ConfigError(name, `required: ${expected}`);
  return value;
}

function list(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
}

function integer(name: string, value: string, min: number, max: number): number {
  const n = Number(value.trim());
  if (!/^\d+$/.test(value.trim()) || n < min || n > max) throw new ConfigError(name, `expected a whole number from ${min} to ${max} (was ${JSON.stringify(value)})`);
  return n;
}

function portOf(value: string | undefined): number {
  return value === undefined || value.trim() === "" ? 8787 : integer("PORT", value, 0, 65535);
}

function oneOf(env: Env, name: string, allowed: string[], fallback: string): string {
  const value = env[name]?.trim();
  if (!value) return fallback;
  if (!allowed.includes(value)) throw new ConfigError(name, `expected one of ${allowed.join(", ")} (was ${JSON.stringify(value)})`);
  return value;
}

function url(name: string, value: string, protocols: string[]): URL {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new ConfigError(name, `expected a ${protocols.join(" or ")} URL (was ${JSON.stringify(value)})`);
  }
  if (!protocols.includes(parsed.protocol.replace(/:$/, ""))) throw new ConfigError(name, `expected a ${protocols.join(" or ")} URL (was ${JSON.stringify(value)})`);
  return parsed;
}

/** The public URL: an origin, optionally with a path when the server is served under one (`https://example.com/latch`). */
function publicUrlOf(value: string): string {
  const parsed = url("LATCH_PUBLIC_URL", value, ["http", "https"]);
  if (parsed.search || parsed.hash || parsed.username || parsed.password || value.includes("?") || value.includes("#")) {
    throw new ConfigError("LATCH_PUBLIC_URL", `expected scheme://host[:port][/path], no query, fragment or credentials, e.g. ${parsed.origin} (was ${JSON.stringify(value)})`);
  }
  return `${parsed.origin}${parsed.pathname.replace(/\/+$/, "")}`;
}

/** An origin: scheme, host and port, nothing else. */
function origin(name: string, value: string): string {
  const parsed = url(name, value, ["http", "https"]);
  const bare = value.replace(/\/$/, "");
  if (parsed.origin !== bare) throw new ConfigError(name, `expected an origin (scheme://host[:port], no path, query or credentials), e.g. ${parsed.origin} (was ${JSON.stringify(value)})`);
  return parsed.origin;
}

function allowedOrigins(value: string | undefined): string[] {
  const origins = list(value);
  if (origins.length === 0) {
    throw new ConfigError("LATCH_ALLOWED_ORIGINS", "required: the comma-separated origins of your apps, e.g. https://app.example.com,https://www.example.com");
  }
  return origins.map((o) => {
    if (o === "*") throw new ConfigError("LATCH_ALLOWED_ORIGINS", "expected the origins of your apps; * (any origin) is not allowed in production");
    return origin("LATCH_ALLOWED_ORIGINS", o);
  });
}

/** The storage and custody loaders throw one line that starts with the variable's name. */
function fromLoader<T>(variable: string, load: () => T): T {
  try {
    return load();
  } catch (error) {
    const message = (error as Error).message;
    const named = /^([A-Z][A-Z0-9_]+)\b/.exec(message)?.[1] ?? variable;
    throw new ConfigError(named, message.startsWith(named) ? message : `${message}`);
  }
}

function secretKeys(env: Env, sources: ConfigSources): KeyRing {
  const ring = fromLoader("LATCH_SECRET_KEY", () => keyEncryptionKeysFromEnv(env, (path) => sources.readFile(path)));
  if (!ring) {
    throw new ConfigError("LATCH_SECRET_KEY", "required (or LATCH_SECRET_KEY_FILE): the 32-byte key-encryption key, 64 hex digits or base64 (make one with: openssl rand -base64 32)");
  }
  return ring;
}

function smtp(env: Env): ProductionConfig["smtp"] {
  const value = env.SMTP_URL?.trim();
  if (!value) return undefined;
  url("SMTP_URL", value, ["smtp", "smtps"]);
  const from = required(env, "LATCH_EMAIL_FROM", 'the sender of sign-in emails, e.g. "Example <no-reply@example.com>" (SMTP_URL is set)');
  if (!/^[^<>@\s]+@[^<>@\s]+$|<[^<>@\s]+@[^<>@\s]+>$/.test(from)) {
    throw new ConfigError("LATCH_EMAIL_FROM", `expected an email address, optionally with a name: "Example <no-reply@example.com>" (was ${JSON.stringify(from)})`);
  }
  return { url: value, from };
}

function hostAliasesOf(value: string | undefined): string[] {
  const hosts = list(value).map((host) => host.toLowerCase());
  for (const host of hosts) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(`http://${host}`);
    } catch {
      parsed = undefined;
    }
    if (!parsed || parsed.host !== host) throw new ConfigError("LATCH_HOST_ALIASES", `expected comma-separated host names, each with an optional :port (was ${JSON.stringify(host)})`);
  }
  return hosts;
}

function metricsTokenOf(value: string | undefined): string | undefined {
  const token = value?.trim();
  if (!token) return undefined;
  if (token.length < MIN_API_KEY_LENGTH || !/^[\x21-\x7e]+$/.test(token)) {
    throw new ConfigError("LATCH_METRICS_TOKEN", `expected at least ${MIN_API_KEY_LENGTH} printable characters (it is ${token.length} long)`);
  }
  return token;
}

function callingCodesOf(value: string | undefined): string[] {
  const codes = list(value).map((code) => code.replace(/^\+/, ""));
  for (const code of codes) {
    if (!/^[1-9]\d{0,2}$/.test(code)) {
      throw new ConfigError("LATCH_SMS_ALLOWED_COUNTRIES", `expected comma-separated country calling codes such as 1,44,49 (was ${JSON.stringify(code)})`);
    }
  }
  return codes;
}

const TWILIO_VARS = ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM"] as const;

function sms(env: Env): ProductionConfig["sms"] {
  const webhook = env.LATCH_SMS_WEBHOOK_URL?.trim();
  const twilioSet = TWILIO_VARS.filter((name) => env[name]?.trim());
  if (webhook && twilioSet.length > 0) throw new ConfigError("LATCH_SMS_WEBHOOK_URL", "expected either LATCH_SMS_WEBHOOK_URL or TWILIO_*, not both");
  if (webhook) return { kind: "webhook", url: url("LATCH_SMS_WEBHOOK_URL", webhook, ["http", "https"]).toString() };
  if (twilioSet.length === 0) return undefined;
  const missing = TWILIO_VARS.find((name) => !env[name]?.trim());
  if (missing) throw new ConfigError(missing, `required with ${twilioSet.join(", ")}: ${TWILIO_VARS.join(", ")} go together`);
  const baseUrl = env.TWILIO_BASE_URL?.trim() ? url("TWILIO_BASE_URL", env.TWILIO_BASE_URL.trim(), ["http", "https"]).origin : "https://api.twilio.com";
  return { kind: "twilio", accountSid: env.TWILIO_ACCOUNT_SID!.trim(), authToken: env.TWILIO_AUTH_TOKEN!.trim(), from: env.TWILIO_FROM!.trim(), baseUrl };
}

/** `LATCH_OIDC_MY_APP_ISSUER` → id `my-app`. */
const idOf = (raw: string) => raw.toLowerCase().replace(/_/g, "-");

function groupById(env: Env, prefix: string, fields: readonly string[]): Map<string, Record<string, string>> {
  const pattern = new RegExp(`^${prefix}([A-Z0-9_]+?)_(${fields.join("|")})$`);
  const groups = new Map<string, Record<string, string>>();
  for (const [name, value] of Object.entries(env)) {
    const match = pattern.exec(name);
    if (!match || value === undefined || value.trim() === "") continue;
    const group = groups.get(match[1]!) ?? {};
    group[match[2]!] = value.trim();
    groups.set(match[1]!, group);
  }
  return groups;
}

/**
 * The social providers of the file's "oidc" object and LATCH_OIDC_<ID>_<FIELD> (the environment
 * wins field by field); every missing or malformed variable is one line of the error.
 */
function socialProviders(file: ConfigFile, env: Env, sources: ConfigSources): ProviderConfig[] {
  const byId = new Map<string, RawProvider>();
  for (const [id, raw] of Object.entries(file.oidc ?? {})) {
    const fields: RawProvider["fields"] = {};
    for (const [key, value] of Object.entries(isRecord(raw) ? raw : {})) {
      const field = PROVIDER_FIELDS.find((f) => camel(f) === key);
      if (!field) throw new ConfigError(`LATCH_CONFIG oidc.${id}.${key}`, `unknown setting (expected ${PROVIDER_FIELDS.map(camel).join(", ")})`);
      if (typeof value !== "string") throw new ConfigError(`LATCH_CONFIG oidc.${id}.${key}`, "expected a string");
      fields[field] = value;
    }
    byId.set(id, { id, fields, name: (field) => `LATCH_CONFIG oidc.${id}.${camel(field)}` });
  }
  for (const [raw, group] of groupById(env, "LATCH_OIDC_", PROVIDER_FIELDS)) {
    const id = idOf(raw);
    const fromFile = byId.get(id)?.fields ?? {};
    byId.set(id, { id, fields: { ...fromFile, ...group }, name: (field) => `LATCH_OIDC_${raw}_${field}` });
  }
  const { providers, problems } = readProviders([...byId.values()], (path) => sources.readFile(path));
  if (problems.length > 0) {
    const [first, ...rest] = problems;
    throw new ConfigError(first!.variable, [`${first!.variable}: ${first!.message}`, ...rest.map((p) => `${p.variable}: ${p.message}`)].join("\n"));
  }
  return providers;
}

function jwtIssuersFromEnv(env: Env): JwtIssuerOption[] {
  return [...groupById(env, "LATCH_JWT_", ["ISSUER", "JWKS_URL", "AUDIENCE"])].map(([raw, group]) =>
    jwtIssuerOption(idOf(raw), { issuer: group.ISSUER, jwksUrl: group.JWKS_URL, audience: group.AUDIENCE }, (field) => `LATCH_JWT_${raw}_${field}`),
  );
}

function jwtIssuerOption(id: string, raw: Record<string, unknown>, name: (field: string) => string): JwtIssuerOption {
  const issuer = raw.issuer;
  if (typeof issuer !== "string" || !issuer.trim()) throw new ConfigError(name("ISSUER"), `required: the iss of the app JWTs ${id} trusts`);
  const jwksUrl = raw.jwksUrl;
  if (typeof jwksUrl !== "string") throw new ConfigError(name("JWKS_URL"), `required: the URL of the JWKS that signs ${id}'s JWTs`);
  url(name("JWKS_URL"), jwksUrl, ["http", "https"]);
  const audience = typeof raw.audience === "string" ? list(raw.audience) : Array.isArray(raw.audience) ? raw.audience.filter((a): a is string => typeof a === "string") : [];
  if (audience.length === 0) throw new ConfigError(name("AUDIENCE"), `required: the aud (comma-separated) ${id}'s JWTs must name`);
  return { id, issuer: issuer.trim(), jwksUri: jwksUrl, audience };
}

export interface ConfigFile {
  oidc?: Record<string, unknown>;
  jwtIssuers?: Record<string, unknown>;
}

function configFile(path: string, sources: ConfigSources): ConfigFile {
  let parsed: unknown;
  try {
    parsed = JSON.parse(sources.readFile(path));
  } catch (error) {
    const why = error instanceof SyntaxError ? `not JSON (${error.message})` : `${(error as NodeJS.ErrnoException).code ?? "unreadable"}: ${path}`;
    throw new ConfigError("LATCH_CONFIG", `expected a readable JSON file {"oidc": {<id>: {issuer, clientId, clientSecret?}}, "jwtIssuers": {<id>: {issuer, jwksUrl, audience}}} — ${why}`);
  }
  if (!isRecord(parsed) || (parsed.oidc !== undefined && !isRecord(parsed.oidc)) || (parsed.jwtIssuers !== undefined && !isRecord(parsed.jwtIssuers))) {
    throw new ConfigError("LATCH_CONFIG", `expected a JSON object {"oidc": {<id>: {...}}, "jwtIssuers": {<id>: {...}}} in ${path}`);
  }
  return parsed as ConfigFile;
}

function jwtIssuersFromFile(file: ConfigFile): JwtIssuerOption[] {
  return Object.entries(file.jwtIssuers ?? {}).map(([id, raw]) => jwtIssuerOption(id, isRecord(raw) ? raw : {}, (field) => `LATCH_CONFIG jwtIssuers.${id}.${camel(field)}`));
}

const camel = (field: string) => field.toLowerCase().replace(/_(\w)/g, (_, c: string) => c.toUpperCase());

/** The environment wins over the file for the same id. */
function mergeById<T extends { id?: string | undefined }>(fromFile: T[], fromEnv: T[]): T[] {
  const byId = new Map<string, T>();
  for (const entry of [...fromFile, ...fromEnv]) byId.set(entry.id!, entry);
  return [...byId.values()];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
