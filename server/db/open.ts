import type { DatabaseConfig } from "./config";
import { assertSchemaUsable, migrate, schemaState, type MigratingMethod } from "./migrate";
import { openPglite } from "./pglite";
import { openPostgres } from "./postgres";
import type { Database } from "./sql";

export type { Database } from "./sql";

export interface OpenOptions {
  /**
   * Apply pending migrations under the migration lock (default). With false, a database that
   * lacks a migration is refused with a line saying to run `latch-server migrate`.
   */
  migrate?: boolean;
  /** The methods served: their migrations are applied (or required) with the engine's. */
  methods?: readonly MigratingMethod[];
}

/** Opens the configured database and checks that its schema is the one this server knows. */
export async function openDatabase(config: DatabaseConfig = { engine: "pglite" }, options: OpenOptions = {}): Promise<Database> {
  const methods = options.methods ?? [];
  const db = config.engine === "postgres" ? openPostgres({ url: config.url, poolSize: config.poolSize }) : await openPglite(config.dataDir, methods);
  try {
    if (options.migrate !== false) await migrate(db, methods);
    assertSchemaUsable(await schemaState(db, methods));
    return db;
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}
