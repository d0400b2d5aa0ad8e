import { migrations } from "./migrations";
import type { Connection, Database, Sql } from "./sql";

/** The advisory lock every instance takes to migrate: one migrates, the others wait and find nothing to do. */
export const MIGRATION_LOCK_KEY = 0x4c415443; // "LATC"

export interface SchemaState {
  applied: number[];
  /** Versions this server knows and the database lacks. */
  pending: number[];
  /** Versions the database has and this server does not know (a newer server migrated it). */
  unknown: number[];
}

/** Applies the pending migrations, each in its own transaction, under the migration lock. */
export async function migrate(db: Database): Promise<number[]> {
  return db.withLock(MIGRATION_LOCK_KEY, async (connection) => {
    await connection.exec(`create table if not exists schema_migrations (
      version integer primary key, name text not null, applied_at double precision not null)`);
    const { pending } = await schemaState(connection);
    const ran: number[] = [];
    for (const migration of migrations.filter((m) => pending.includes(m.version))) {
      await inTransaction(connection, async () => {
        await connection.exec(migration.sql);
        await connection.query("insert into schema_migrations (version, name, applied_at) values ($1, $2, $3)", [
          migration.version,
          migration.name,
          Date.now(),
        ]);
      });
      ran.push(migration.version);
    }
    return ran;
  });
}

export async function schemaState(sql: Sql): Promise<SchemaState> {
  const exists = (await sql.query<{ t: string | null }>("select to_regclass('schema_migrations')::text as t", [])).rows[0]?.t;
  const applied = exists ? (await sql.query<{ version: number }>("select version from schema_migrations order by version", [])).rows.map((r) => r.version) : [];
  const known = new Set(migrations.map((m) => m.version));
  return {
    applied,
    pending: migrations.map((m) => m.version).filter((v) => !applied.includes(v)),
    unknown: applied.filter((v) => !known.has(v)),
  };
}

/** Throws when this server cannot run on the database's schema: one line, saying what to do. */
export function assertSchemaUsable(state: SchemaState): void {
  if (state.unknown.length > 0) {
    throw new Error(
      `The database schema has migration ${Math.max(...state.unknown)}, newer than this server knows (${latestVersion()}): run a newer server`,
    );
  }
  if (state.pending.length > 0) {
    throw new Error(`The database schema is at migration ${Math.max(0, ...state.applied)}, this server needs ${latestVersion()}: run \`npm run server -- migrate\``);
  }
}

export function latestVersion(): number {
  return Math.max(...migrations.map((m) => m.version));
}

async function inTransaction(connection: Connection, fn: () => Promise<void>): Promise<void> {
  await connection.exec("begin");
  try {
    await fn();
    await connection.exec("commit");
  } catch (error) {
    await connection.exec("rollback").catch(() => undefined);
    throw error;
  }
}

export function schemaFingerprint(): string {
  return migrations.map((m) => `${m.version}:${m.sql}`).join("\n");
}
