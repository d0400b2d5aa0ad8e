/** Where the server keeps its state: the embedded PGlite (one process) or a shared PostgreSQL. */
export type DatabaseConfig = { engine: "pglite"; dataDir?: string } | { engine: "postgres"; url: string; poolSize?: number };

export type Env = Record<string, string | undefined>;

/**
 * `DATABASE_URL=postgres://…` (or postgresql://) selects PostgreSQL; `DATABASE_POOL_SIZE` sets its
 * pool (default 10). Absent, the embedded PGlite (its directory is the caller's). A malformed
 * value throws one line naming the variable.
 */
export function databaseFromEnv(env: Env): DatabaseConfig {
  const raw = env.DATABASE_URL?.trim();
  if (!raw) return { engine: "pglite" };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error("DATABASE_URL must be a URL like postgres://user:password@host:5432/database");
  }
  if (url.protocol !== "postgres:" && url.protocol !== "postgresql:") {
    throw new Error(`DATABASE_URL must start with postgres:// or postgresql:// (was ${url.protocol}//…)`);
  }
  if (!url.hostname && !url.searchParams.get("host")) throw new Error("DATABASE_URL names no host (postgres://user:password@host:5432/database)");
  const poolSize = env.DATABASE_POOL_SIZE?.trim();
  if (poolSize === undefined || poolSize === "") return { engine: "postgres", url: raw };
  const size = Number(poolSize);
  if (!Number.isInteger(size) || size < 1 || size > 1000) throw new Error(`DATABASE_POOL_SIZE must be a whole number from 1 to 1000 (was ${poolSize})`);
  return { engine: "postgres", url: raw, poolSize: size };
}

/** The URL without its password, for messages and logs. */
export function describeDatabase(config: DatabaseConfig): string {
  if (config.engine === "pglite") return config.dataDir ? `embedded PGlite in ${config.dataDir}` : "embedded PGlite in memory";
  try {
    const url = new URL(config.url);
    if (url.password) url.password = "***";
    return `PostgreSQL ${url.toString()}`;
  } catch {
    return "PostgreSQL";
  }
}
