import type { DatabaseConfig } from "./config";
import { assertSchemaUsable, migrate, schemaState } from "./migrate";
import { openPglite } from "./pglite";
import { openPostgres } from "./postgres";
import type { Database } from "./sql";

export type { Database } from "./sql";

export interface OpenOptions {
  /**
   * Apply pending migrations under the migration lock (default). With false, a database that
   * lacks a migration is refused with a line saying to run `npm run server -- migrate`.
   */
  migrate?: boolean;
}

/** Opens the configured database and checks that its schema is the one this server knows. */
export async function openDatabase(config: DatabaseConfig = { engine: "pglite" }, options: OpenOptions = {}): Promise<Database> {
  const db = config.engine === "postgres" ? openPostgres({ url: config.url, poolSize: config.poolSize }) : await openPglite(config.dataDir);
  try {
    if (options.migrate !== false) await migrate(db);
    assertSchemaUsable(await schemaState(db));
    return db;
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}
