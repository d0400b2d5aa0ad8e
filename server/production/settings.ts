import { isAbsolute, resolve } from "node:path";
import type { ServerMethod } from "../method";
import type { Limits } from "../settings";
import { ConfigError, type ConfigFile, type Env } from "./config";

/**
 * The server's settings as one object: what a config file (`latch.config.mjs` / `.js` / `.json`)
 * exports and what `createLatchServer` takes. Each plain setting is one environment variable of the
 * README's table (the environment wins over the file); identity providers, app JWT issuers, methods
 * and limits are objects.
 */
export interface LatchSettings {
  /** PORT (default 8787). */
  port?: number;
  /** HOST (default 127.0.0.1). */
  host?: string;
  /** LATCH_PUBLIC_URL: where browsers reach the server, with its path when it is mounted under one (`https://example.com/latch`). */
  publicUrl?: string;
  /** LATCH_ALLOWED_ORIGINS: your apps' origins. */
  allowedOrigins?: string[];
  /** LATCH_SECRET_KEY: the key-encryption key(s), 32 bytes base64 or hex; the first seals, all open. */
  secretKey?: string | string[];
  /** LATCH_SECRET_KEY_FILE: a file holding them (`latch-server init` writes one, mode 0600). */
  secretKeyFile?: string;
  /** LATCH_API_KEYS: keys apps send as `Authorization: Bearer` (`signer.connection.apiKey`). */
  apiKeys?: string[];
  /** LATCH_API_KEYS_FILE: a file holding them (`latch-server init` writes one, mode 0600). */
  apiKeysFile?: string;
  /** DATABASE_URL: a PostgreSQL (`postgres://…`); absent, the embedded database in `dataDir`. */
  databaseUrl?: string;
  /** DATABASE_POOL_SIZE (default 10). */
  databasePoolSize?: number;
  /** LATCH_DATA_DIR: the embedded database's directory (default `.latch-server`). */
  dataDir?: string;
  /** LATCH_EMAIL_MODE: `otp` (default) or `magic-link`. */
  emailMode?: "otp" | "magic-link";
  /** LATCH_CUSTODY: `server` (default), `split` or `split-required` (SECURITY.md). */
  custody?: "server" | "split" | "split-required";
  /** SMTP_URL: `smtp(s)://user:password@host:port`. */
  smtpUrl?: string;
  /** LATCH_EMAIL_FROM: the sender, e.g. `"Example <no-reply@example.com>"`. */
  emailFrom?: string;
  /** LATCH_APP_NAME: the product name in emails and SMS ("Your <appName> sign-in code"; default "Latch"). */
  appName?: string;
  /** LATCH_TEMPLATES_DIR: your email and SMS texts, a folder per locale (the server guide's settings table). */
  templatesDir?: string;
  /** LATCH_SMS_WEBHOOK_URL: SMS codes are POSTed there as JSON. */
  smsWebhookUrl?: string;
  /** TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM, TWILIO_BASE_URL. */
  twilio?: { accountSid?: string; authToken?: string; from?: string; baseUrl?: string };
  /** LATCH_TRUSTED_PROXIES: your reverse proxies' addresses. */
  trustedProxies?: string[];
  /** LATCH_LOG_LEVEL (default info). */
  logLevel?: string;
  /** LATCH_SHUTDOWN_GRACE_MS (default 10000). */
  shutdownGraceMs?: number;
  /** LATCH_DERIVATION_THREADS (default all cores but one). */
  derivationThreads?: number;
  /**
   * Social sign-in providers by id, each field one of LATCH_OIDC_<ID>_<FIELD> in camel case
   * (`issuer`, `clientId`, `clientSecret`, `discoveryUrl`, …: the server guide lists them).
   */
  oidc?: Record<string, Record<string, string>>;
  /** App JWT issuers, by id (as LATCH_JWT_<ID>_*). */
  jwtIssuers?: Record<string, { issuer: string; jwksUrl: string; audience: string | string[] }>;
  /** Sign-in methods' server parts beside the built-in ones: objects, or (in a config file) package names. */
  methods?: Array<ServerMethod | string>;
  /** Code lifetimes, tries, send rates, guess budgets (defaults in server/options.ts). */
  limits?: Partial<Limits>;
}

type PlainSetting = Exclude<keyof LatchSettings, "twilio" | "oidc" | "jwtIssuers" | "methods" | "limits">;

/** Each plain setting's variable. */
export const SETTING_VARIABLES: Record<PlainSetting, string> = {
  port: "PORT",
  host: "HOST",
  publicUrl: "LATCH_PUBLIC_URL",
  allowedOrigins: "LATCH_ALLOWED_ORIGINS",
  secretKey: "LATCH_SECRET_KEY",
  secretKeyFile: "LATCH_SECRET_KEY_FILE",
  apiKeys: "LATCH_API_KEYS",
  apiKeysFile: "LATCH_API_KEYS_FILE",
  databaseUrl: "DATABASE_URL",
  databasePoolSize: "DATABASE_POOL_SIZE",
  dataDir: "LATCH_DATA_DIR",
  emailMode: "LATCH_EMAIL_MODE",
  custody: "LATCH_CUSTODY",
  smtpUrl: "SMTP_URL",
  emailFrom: "LATCH_EMAIL_FROM",
  appName: "LATCH_APP_NAME",
  templatesDir: "LATCH_TEMPLATES_DIR",
  smsWebhookUrl: "LATCH_SMS_WEBHOOK_URL",
  trustedProxies: "LATCH_TRUSTED_PROXIES",
  logLevel: "LATCH_LOG_LEVEL",
  shutdownGraceMs: "LATCH_SHUTDOWN_GRACE_MS",
  derivationThreads: "LATCH_DERIVATION_THREADS",
};

const TWILIO_VARIABLES = { accountSid: "TWILIO_ACCOUNT_SID", authToken: "TWILIO_AUTH_TOKEN", from: "TWILIO_FROM", baseUrl: "TWILIO_BASE_URL" } as const;
const OBJECT_SETTINGS = new Set(["twilio", "oidc", "jwtIssuers", "methods", "limits"]);
/** Paths a file names are relative to the file's folder, not to where the command runs. */
const PATH_SETTINGS = new Set<string>(["secretKeyFile", "apiKeysFile", "dataDir", "templatesDir"]);

/**
 * The settings, checked for shape, as the variables loadConfig reads (`where` names their source in
 * messages); `problems` names the settings that could not be read (the others are kept).
 */
export function settingsToEnv(settings: LatchSettings, where: string, baseDir?: string): { env: Env; structured: ConfigFile; problems: ConfigError[] } {
  if (typeof settings !== "object" || settings === null || Array.isArray(settings)) {
    return { env: {}, structured: {}, problems: [new ConfigError(where, "expected an object of settings")] };
  }
  const env: Env = {};
  const problems: string[] = [];
  for (const [key, value] of Object.entries(settings)) {
    if (value === undefined || OBJECT_SETTINGS.has(key)) continue;
    const variable = SETTING_VARIABLES[key as PlainSetting];
    if (!variable) {
      problems.push(`${where} ${key}: not a setting (known: ${[...Object.keys(SETTING_VARIABLES), ...OBJECT_SETTINGS].join(", ")})`);
      continue;
    }
    const text = plainText(value);
    if (text === undefined) {
      problems.push(`${where} ${key}: expected a string, a number or a list of strings (${variable})`);
      continue;
    }
    env[variable] = baseDir && PATH_SETTINGS.has(key) && !isAbsolute(text) ? resolve(baseDir, text) : text;
  }
  if (settings.twilio !== undefined) {
    if (typeof settings.twilio !== "object" || settings.twilio === null) problems.push(`${where} twilio: expected {accountSid, authToken, from, baseUrl?}`);
    else for (const [key, variable] of Object.entries(TWILIO_VARIABLES)) if (settings.twilio[key as keyof typeof TWILIO_VARIABLES] !== undefined) env[variable] = String(settings.twilio[key as keyof typeof TWILIO_VARIABLES]);
  }
  for (const key of ["oidc", "jwtIssuers", "limits"] as const) {
    const value = settings[key];
    if (value !== undefined && (typeof value !== "object" || value === null || Array.isArray(value))) problems.push(`${where} ${key}: expected an object keyed by id`);
  }
  if (settings.methods !== undefined && !Array.isArray(settings.methods)) problems.push(`${where} methods: expected a list of methods or package names`);
  return { problems: problems.map((problem) => new ConfigError(where, problem)), env, structured: { ...(settings.oidc ? { oidc: settings.oidc } : {}), ...(settings.jwtIssuers ? { jwtIssuers: settings.jwtIssuers } : {}) } };
}

function plainText(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item === "string")) return value.join(",");
  return undefined;
}
