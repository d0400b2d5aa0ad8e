import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { createSecrets } from "./crypto/secrets";
import { databaseFromEnv, describeDatabase, type DatabaseConfig, type Env } from "./db/config";
import { migrate, schemaState } from "./db/migrate";
import { openDatabase } from "./db/open";
import { openPglite } from "./db/pglite";
import { openPostgres } from "./db/postgres";
import { serverMethods } from "./methods";
import type { ServerMethod } from "./method";
import type { Database } from "./db/sql";
import { keyEncryptionKeysFromEnv } from "./custody/env";
import { rotateKeys } from "./custody/rotate";
import { loadServerSecret } from "./custody/serverSecret";

/** Where the embedded database lives when DATABASE_URL is not set. */
export const DEFAULT_SERVER_DATA_DIR = ".latch-server";

export function databaseConfigOf(env: Env): DatabaseConfig {
  const config = databaseFromEnv(env);
  return config.engine === "postgres" ? config : { engine: "pglite", dataDir: join(env.LATCH_DATA_DIR?.trim() || DEFAULT_SERVER_DATA_DIR, "pgdata") };
}

/**
 * `migrate`: applies pending migrations once, under the advisory lock (other instances may be running):
 * the engine's, the built-in methods' and those of `methods` (a configuration's third-party methods).
 */
export async function migrateCommand(env: Env, log: (line: string) => void, methods: readonly ServerMethod[] = []): Promise<void> {
  const config = databaseConfigOf(env);
  // The embedded database's folder may not exist yet: migrate is the first command after init.
  if (config.engine === "pglite" && config.dataDir) mkdirSync(config.dataDir, { recursive: true });
  const parts = serverMethods(methods);
  const db: Database = config.engine === "postgres" ? openPostgres(config) : await openPglite(config.dataDir, parts);
  try {
    const ran = await migrate(db, parts);
    const { applied } = await schemaState(db, parts);
    log(ran.length ? `Applied migrations ${ran.join(", ")} to ${describeDatabase(config)}; schema at ${Math.max(...applied)}` : `${describeDatabase(config)} is up to date (schema ${Math.max(0, ...applied)})`);
  } finally {
    await db.close();
  }
}

/** `rotate-keys`: re-wraps every data key under the first key of LATCH_SECRET_KEY. */
export async function rotateKeysCommand(env: Env, log: (line: string) => void, methods: readonly ServerMethod[] = []): Promise<void> {
  const ring = keyEncryptionKeysFromEnv(env);
  if (!ring) throw new Error("LATCH_SECRET_KEY (or LATCH_SECRET_KEY_FILE) is required: the new key first, then the old ones");
  const config = databaseConfigOf(env);
  const db = await openDatabase(config, { migrate: false, methods: serverMethods(methods) });
  try {
    const secrets = createSecrets(await loadServerSecret(db, ring, new Uint8Array(randomBytes(32)), Date.now()));
    const report = await rotateKeys(db, ring, secrets);
    const moved = Object.entries(report.rewrapped).map(([table, n]) => `${table} ${n}`).join(", ");
    log(`Re-sealed under ${ring.sealing.id}: ${moved}${report.upgraded ? `; ${report.upgraded} older wallets given a data key` : ""}. The other keys can now leave LATCH_SECRET_KEY.`);
  } finally {
    await db.close();
  }
}

/** `latch-server <command>` (serverCli.ts prints the usage). */
/** The admin commands; `methods` are the configuration's methods besides the built-in ones (their migrations, their schema check). */
export const ADMIN_COMMANDS: Record<string, (env: Env, log: (line: string) => void, methods?: readonly ServerMethod[]) => Promise<void>> = {
  migrate: migrateCommand,
  "rotate-keys": rotateKeysCommand,
};
