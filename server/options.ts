import type { CustodyMode } from "./custody/custodyMode";
import type { DatabaseConfig } from "./db/config";
import type { KeyRing } from "./custody/keyEncryptionKey";
import type { AppHooks } from "./app";
import type { AnswerCheck } from "./answers";
import type { Delivery } from "./delivery/types";
import type { Observer } from "./observer";
import type { SocialProvider } from "./idp/socialProvider";
import type { Secrets } from "./crypto/secrets";
import type { ServerMethod } from "./method";
import type { EmailMode, JwtIssuerOption, Limits, Profile } from "./settings";

export type { EmailMode, JwtIssuerOption, Limits, Profile } from "./settings";

/** How the emulator is started, in-process (`startServer`) or from the CLI. */
export interface ServerOptions {
  /** 0 picks a free port. Default 0 in-process; the CLI defaults to 8787. */
  port?: number;
  /** Interface to listen on. Default loopback only: 127.0.0.1 and, when the machine has it, ::1. */
  host?: string;
  /** Directory that keeps users, wallets, keys and factors across restarts. Ignored with `memory`. */
  dataDir?: string;
  /** Fresh in-memory state (the default when no dataDir is given). */
  memory?: boolean;
  /**
   * A shared PostgreSQL (`databaseFromEnv(process.env)`): any number of instances may use one. Without
   * it, the embedded PGlite (in `dataDir`, or in memory).
   */
  database?: DatabaseConfig;
  /**
   * Apply pending migrations at start under the migration lock (default true); false refuses a
   * database that lacks one (run `latch-server migrate`).
   */
  migrate?: boolean;
  /**
   * Key-encryption keys (`keyEncryptionKeysFromEnv(process.env)`). Default: a development key derived
   * from the data dir's master secret (or the seed, or random in memory). Instances sharing a
   * PostgreSQL need the same keys.
   */
  keyEncryptionKeys?: KeyRing;
  /**
   * Custody of new wallets (LATCH_CUSTODY): `server` (default; the server holds each key under its
   * KEK), `split` (new wallets are split in the user's signer frame; existing ones move on the
   * user's consent), `split-required` (as split, and the server signs for no wallet it still holds).
   */
  custody?: CustodyMode;
  /** How email sign-in answers by default: a code to type, or a link that carries the credential bundle. */
  emailMode?: EmailMode | "magicLink";
  /** Makes wallet keys, ids and the master secret deterministic (tests). */
  seed?: string;
  /** The product name emails and SMS use ("Your <appName> sign-in code"); default "Latch". */
  appName?: string;
  /** Where magic links point; default the Origin of the request. */
  appUrl?: string;
  /** Log one line per request: true for console.log, or a function. */
  log?: boolean | ((line: string) => void);
  /** Limits of codes, stamps and sessions; tests shorten them. */
  limits?: Partial<Limits>;
  /** The clock (epoch ms); tests move it instead of waiting. */
  now?: () => number;
  /**
   * Browser origins of the app(s) (`https://app.example.com`): the only origins that may call the
   * signer routes (CORS), receive magic links and social sign-in results, and make passkeys. The
   * `appUrl` origin is always one. CLI: `--allowed-origin` (repeatable).
   */
  allowedOrigins?: string[];
  /**
   * Loopback origins (http(s)://localhost | 127.0.0.1 | [::1], any port) count as app origins, and
   * only loopback Host names are answered (DNS rebinding). Default true: the dev profile.
   */
  loopbackOrigins?: boolean;
  /** Host names (with or without port) answered besides loopback ones, e.g. a public host behind a proxy. */
  allowedHosts?: string[];
  /** Sign-in methods' server parts to mount beside the built-in routes (their routes under /signer/v1). */
  methods?: ServerMethod[];
  /** Issuers whose JWTs `auth-jwt` accepts, besides the dev identity provider's (CLI: `--jwt-issuer`). */
  jwtIssuers?: JwtIssuerOption[];
  /** `dev` (default) has the dev inbox, dev identity provider and dev JWT issuer; `production` has none (their paths 404). */
  profile?: Profile;
  /** Redirect URIs the dev identity provider accepts besides its own /callback, exactly (CLI: `--idp-redirect-uri`). */
  idpRedirectUris?: string[];
  /** Where codes and links go; default the dev inbox. */
  delivery?: Delivery;
  /**
   * Social sign-in providers besides the dev identity provider's (production: the configured ones);
   * a function gets the server's secrets (a provider whose id tokens this server signs needs its key).
   */
  socialProviders?: SocialProvider[] | ((secrets: Secrets) => SocialProvider[]);
  /** The server's public origin, when it is not the listening address (behind a reverse proxy). */
  publicUrl?: string;
  observer?: Observer;
  /** Middleware and routes a profile adds around the shared routes (production: logs, metrics, API keys). */
  hooks?: AppHooks;
  /**
   * Check every signer answer against the wire contract: `true` turns a drifted answer into a 500
   * `ANSWER_OUT_OF_CONTRACT` (tests), a function is told of it (the dev CLI warns). Default off.
   */
  checkAnswers?: AnswerCheck;
  /**
   * Worker threads that derive new wallets (BIP-39/32, a few milliseconds of CPU per sign-up) off the
   * event loop; 0 (the default) derives on it. The production profile uses all cores but one.
   */
  derivationThreads?: number;
}



/** Parses `--jwt-issuer issuer=<url>,jwks=<url>,audience=<aud>[,id=<name>]`. */
export function parseJwtIssuer(value: string): JwtIssuerOption {
  const fields = new Map<string, string>();
  for (const part of value.split(",")) {
    const eq = part.indexOf("=");
    if (eq <= 0) throw new Error(`--jwt-issuer: expected key=value pairs (issuer=…,jwks=…,audience=…[,id=…]), got "${part}"`);
    fields.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  const issuer = fields.get("issuer");
  const jwksUri = fields.get("jwks");
  const audience = fields.get("audience");
  if (!issuer || !jwksUri || !audience) throw new Error("--jwt-issuer needs issuer=<url>,jwks=<url>,audience=<aud> (and optionally id=<name>)");
  try {
    new URL(jwksUri);
  } catch {
    throw new Error(`--jwt-issuer: jwks must be a URL (was ${jwksUri})`);
  }
  const id = fields.get("id");
  return { issuer, jwksUri, audience, ...(id ? { id } : {}) };
}



export const DEFAULT_LIMITS: Limits = {
  otpTtlMs: 10 * 60_000,
  otpMaxAttempts: 3,
  sendMaxPerWindow: 3,
  sendWindowMs: 30_000,
  sendsPerContactPerDay: 20,
  sendsPerClientPerMinute: 10,
  sendsPerAppPerMinute: 600,
  stampMaxSkewMs: 5 * 60_000,
  mfaPayloadTtlMs: 10 * 60_000,
  verificationTokenTtlSeconds: 10 * 60,
  stepUpWindowMs: 5 * 60_000,
  signInProofMs: 5 * 60_000,
  defaultExpirationSeconds: 900,
  guessWindowMs: 60 * 60_000,
  guessesPerAccount: 90,
  freshCodeGuessesPerAccount: 10,
  knownClientMs: 90 * 24 * 60 * 60_000,
  guessesPerClient: 300,
  totpFailuresPerUser: 20,
  totpAttemptsPerContext: 5,
};

/**
 * The dev profile answers one person on loopback: every request comes from one client and one app,
 * so the per-client and per-app send caps would only get in the way (limits.sendsPerClientPerMinute
 * and sendsPerAppPerMinute still apply when given).
 */
export const DEV_LIMITS: Partial<Limits> = { sendsPerClientPerMinute: Number.MAX_SAFE_INTEGER, sendsPerAppPerMinute: Number.MAX_SAFE_INTEGER };

export const DEFAULT_CLI_PORT = 8787;
export const DEFAULT_DATA_DIR = ".latch-emulator";

export function normalizeEmailMode(mode: ServerOptions["emailMode"]): EmailMode {
  return mode === "magic-link" || mode === "magicLink" ? "magic-link" : "otp";
}
