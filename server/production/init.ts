import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_SERVER_DATA_DIR } from "../admin";

export interface InitOptions {
  /** The folder to write into (default: where the command runs). */
  dir: string;
  publicUrl?: string | undefined;
  allowedOrigins?: string[] | undefined;
  databaseUrl?: string | undefined;
  /** Overwrite an existing config file (never the key files: they protect stored wallets). */
  force?: boolean | undefined;
}

const CONFIG_FILE = "latch.config.mjs";
const KEK_FILE = "latch.kek";
const API_KEYS_FILE = "latch.api-keys";
/** What must never reach version control: the embedded database and the two secret files. */
const IGNORED = [`${DEFAULT_SERVER_DATA_DIR}/`, KEK_FILE, API_KEYS_FILE];

/** `latch-server init`: a commented config file, a fresh key-encryption key and API key (files of mode 0600), the .gitignore lines; returns what to tell the operator. */
export function initServerFolder(options: InitOptions): string[] {
  const { dir } = options;
  const lines: string[] = [];
  const configPath = join(dir, CONFIG_FILE);
  if (existsSync(configPath) && !options.force) {
    lines.push(`kept      ${CONFIG_FILE} (it exists; --force writes a fresh one)`);
  } else {
    writeFileSync(configPath, configTemplate(options));
    lines.push(`wrote     ${CONFIG_FILE}   the settings (environment variables override them)`);
  }
  let apiKey: string | undefined;
  if (writeSecret(join(dir, KEK_FILE), randomBytes(32).toString("base64"))) {
    lines.push(`wrote     ${KEK_FILE}           the key-encryption key (mode 0600): every wallet is sealed under it; back it up, never commit it`);
  } else {
    lines.push(`kept      ${KEK_FILE}           (it exists: replacing it would make every stored wallet unreadable)`);
  }
  apiKey = `latch_${randomBytes(24).toString("base64url")}`;
  if (writeSecret(join(dir, API_KEYS_FILE), apiKey)) {
    lines.push(`wrote     ${API_KEYS_FILE}     the API key apps send (mode 0600)`);
  } else {
    apiKey = undefined;
    lines.push(`kept      ${API_KEYS_FILE}     (it exists)`);
  }
  lines.push(gitignore(dir));
  lines.push(
    "",
    "Next:",
    `  1. Check ${CONFIG_FILE}: publicUrl, allowedOrigins, email (smtpUrl, emailFrom), databaseUrl.`,
    "  2. npx latch-server migrate     create the database tables",
    "  3. npx latch-server start       serve (a reverse proxy adds TLS: see the server guide)",
  );
  if (apiKey) lines.push("", `Your app's API key (signer.connection.apiKey): ${apiKey}`);
  return lines;
}

/** Writes a secret file only when none exists, readable by its owner alone. */
function writeSecret(path: string, value: string): boolean {
  if (existsSync(path)) return false;
  writeFileSync(path, `${value}\n`, { mode: 0o600, flag: "wx" });
  return true;
}

function gitignore(dir: string): string {
  const path = join(dir, ".gitignore");
  const existing = existsSync(path) ? readFileSync(path, "utf8") : "";
  const present = new Set(existing.split(/\r?\n/).map((line) => line.trim()));
  const missing = IGNORED.filter((entry) => !present.has(entry) && !present.has(entry.replace(/\/$/, "")));
  if (missing.length === 0) return "kept      .gitignore        (it already ignores the data dir and the key files)";
  writeFileSync(path, `${existing}${existing && !existing.endsWith("\n") ? "\n" : ""}# Latch server: the embedded database and the secret files\n${missing.join("\n")}\n`);
  return `${existing ? "updated" : "wrote  "}   .gitignore        ignores ${missing.join(", ")}`;
}

function configTemplate(options: InitOptions): string {
  const publicUrl = options.publicUrl ?? "http://localhost:8787";
  const origins = options.allowedOrigins?.length ? options.allowedOrigins : ["http://localhost:5173"];
  const database = options.databaseUrl ? `  databaseUrl: ${JSON.stringify(options.databaseUrl)},` : `  // databaseUrl: "postgres://latch:password@127.0.0.1:5432/latch",`;
  return `// Latch server settings (written by \`latch-server init\`). Every plain setting is also an environment
// variable (in brackets), and the environment wins: keep secrets in files or the environment, not here.
// All settings: the server guide (node_modules/latch-server/README.md).

/** @type {import("latch-server").LatchSettings} */
export default {
  // Where browsers reach this server, with its path if it is served under one [LATCH_PUBLIC_URL].
  publicUrl: ${JSON.stringify(publicUrl)},
  // Your apps' origins: the only pages that may call the server [LATCH_ALLOWED_ORIGINS].
  allowedOrigins: ${JSON.stringify(origins)},

  // The key-encryption key: 32 random bytes that seal every wallet [LATCH_SECRET_KEY_FILE, or LATCH_SECRET_KEY].
  secretKeyFile: "./${KEK_FILE}",
  // The keys apps send as \`Authorization: Bearer\` (the kit's signer.connection.apiKey) [LATCH_API_KEYS_FILE, or LATCH_API_KEYS].
  apiKeysFile: "./${API_KEYS_FILE}",

  // Storage: a PostgreSQL that several instances can share [DATABASE_URL]; without it, the embedded
  // database in dataDir (one process) [LATCH_DATA_DIR].
${database}
  // dataDir: "./${DEFAULT_SERVER_DATA_DIR}",

  // Sign-in codes by email [SMTP_URL, LATCH_EMAIL_FROM]; without SMTP, email sign-in is refused (503).
  // smtpUrl: "smtps://user:password@smtp.example.com:465",
  // emailFrom: "Example <no-reply@example.com>",
  // Your product's name in codes and links ("Your Example sign-in code") [LATCH_APP_NAME; default "Latch"],
  // and your own texts per locale [LATCH_TEMPLATES_DIR] (the server guide's settings table).
  // appName: "Example",
  // templatesDir: "./latch-templates",

  // Codes by SMS: a webhook [LATCH_SMS_WEBHOOK_URL], or Twilio [TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM].
  // smsWebhookUrl: "https://sms.example.com/send",

  // Social sign-in through OpenID providers, by id [LATCH_OIDC_<ID>_ISSUER, _CLIENT_ID, _CLIENT_SECRET].
  // oidc: { google: { issuer: "https://accounts.google.com", clientId: "…", clientSecret: process.env.GOOGLE_SECRET } },

  // Sign-in methods beside the built-in ones: installed packages by name (npm install <name> here first).
  // methods: ["latch-method-example"],

  // host: "127.0.0.1",   port: 8787,   logLevel: "info",   trustedProxies: ["127.0.0.1"],
};
`;
}
