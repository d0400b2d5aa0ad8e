import { migrations } from "./migrations";
import type { Connection, Database, Sql } from "./sql";

/** The advisory lock every instance takes to migrate: one migrates, the others wait and find nothing to do. */
export const MIGRATION_LOCK_KEY = 0x4c415443; // "LATC"

/** One migration of a method's own tables: `<method id>/<name>`, applied once, in its method's list order. */
export interface MethodMigration {
  id: string;
  sql: string;
}

/** What the migrator reads of a method (a ServerPart): its id and its migrations. */
export interface MigratingMethod {
  id: string;
  migrations?: readonly MethodMigration[] | undefined;
}

export interface SchemaState {
  applied: number[];
  /** Versions this server knows and the database lacks. */
  pending: number[];
  /** Versions the database has and this server does not know (a newer server migrated it). */
  unknown: number[];
  /** Methods' migrations the database lacks. */
  pendingMethods: string[];
  /** Migrations of a method this server serves that the database has and the method does not know (a newer version of it migrated). */
  unknownMethods: string[];
}

const CREATE_ENGINE_TABLE = `create table if not exists schema_migrations (
  version integer primary key, name text not null, applied_at double precision not null)`;
const CREATE_METHOD_TABLE = `create table if not exists method_migrations (
  id text primary key, applied_at double precision not null)`;

/**
 * Applies the pending migrations, each in its own transaction, under the migration lock: the engine's
 * first, then each method's in order (a method's tables may reference the engine's). Answers what ran.
 */
export async function migrate(db: Database, methods: readonly MigratingMethod[] = []): Promise<Array<number | string>> {
  const methodMigrations = methodMigrationsOf(methods);
  return db.withLock(MIGRATION_LOCK_KEY, async (connection) => {
    await connection.exec(`${CREATE_ENGINE_TABLE}; ${CREATE_METHOD_TABLE}`);
    const { pending, pendingMethods } = await schemaState(connection, methods);
    const ran: Array<number | string> = [];
    for (const migration of migrations.filter((m) => pending.includes(m.version))) {
      await inTransaction(connection, async () => {
        await connection.exec(migration.sql);
        await connection.query("insert into schema_migrations (version, name, applied_at) values ($1, $2, $3)", [migration.version, migration.name, Date.now()]);
      });
      ran.push(migration.version);
    }
    for (const migration of methodMigrations.filter((m) => pendingMethods.includes(m.id))) {
      await inTransaction(connection, async () => {
        await connection.exec(migration.sql);
        await connection.query("insert into method_migrations (id, applied_at) values ($1, $2)", [migration.id, Date.now()]);
      });
      ran.push(migration.id);
    }
    return ran;
  });
}

export async function schemaState(sql: Sql, methods: readonly MigratingMethod[] = []): Promise<SchemaState> {
  const tables = (await sql.query<{ e: string | null; m: string | null }>("select to_regclass('schema_migrations')::text as e, to_regclass('method_migrations')::text as m", []))
    .rows[0];
  const applied = tables?.e ? (await sql.query<{ version: number }>("select version from schema_migrations order by version", [])).rows.map((r) => r.version) : [];
  const appliedMethods = new Set(tables?.m ? (await sql.query<{ id: string }>("select id from method_migrations", [])).rows.map((r) => r.id) : []);
  const known = new Set(migrations.map((m) => m.version));
  const knownMethods = new Set(methodMigrationsOf(methods).map((m) => m.id));
  const served = methods.map((method) => `${method.id}/`);
  return {
    applied,
    pending: migrations.map((m) => m.version).filter((v) => !applied.includes(v)),
    unknown: applied.filter((v) => !known.has(v)),
    pendingMethods: [...knownMethods].filter((id) => !appliedMethods.has(id)),
    // A method no longer served leaves its rows and its records: only a served method's unknown migration is a newer schema.
    unknownMethods: [...appliedMethods].filter((id) => !knownMethods.has(id) && served.some((prefix) => id.startsWith(prefix))),
  };
}

/** Throws when this server cannot run on the database's schema: one line, saying what to do. */
export function assertSchemaUsable(state: SchemaState): void {
  if (state.unknown.length > 0) {
    throw new Error(
      `The database schema has migration ${Math.max(...state.unknown)}, newer than this server knows (${latestVersion()}): run a newer server`,
    );
  }
  if (state.unknownMethods.length > 0) {
    throw new Error(`The database has method migrations this server's methods do not know (${state.unknownMethods.join(", ")}): run the newer version of those methods`);
  }
  if (state.pending.length > 0) {
    throw new Error(`The database schema is at migration ${Math.max(0, ...state.applied)}, this server needs ${latestVersion()}: run \`latch-server migrate\``);
  }
  if (state.pendingMethods.length > 0) {
    throw new Error(`The database lacks the method migrations ${state.pendingMethods.join(", ")}: run \`latch-server migrate\``);
  }
}

/** True when the database is on exactly the schema this server (and its methods) run on. */
export function schemaIsCurrent(state: SchemaState): boolean {
  return state.pending.length + state.unknown.length + state.pendingMethods.length + state.unknownMethods.length === 0;
}

export function latestVersion(): number {
  return Math.max(...migrations.map((m) => m.version));
}

/** Every method's migrations in order, each id checked: `<its method's id>/…`, once. */
export function methodMigrationsOf(methods: readonly MigratingMethod[]): MethodMigration[] {
  const seen = new Set<string>();
  return methods.flatMap((method) =>
    (method.migrations ?? []).map((migration) => {
      if (!migration.id.startsWith(`${method.id}/`) || migration.id.length <= method.id.length + 1) {
        throw new Error(`Method ${method.id}: migration id ${JSON.stringify(migration.id)} must be "${method.id}/<name>"`);
      }
      if (seen.has(migration.id)) throw new Error(`Method ${method.id}: migration ${migration.id} is listed twice`);
      seen.add(migration.id);
      return migration;
    }),
  );
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

/** What a database migrated for these methods holds: the embedded database's template is cached under it. */
export function schemaFingerprint(methods: readonly MigratingMethod[] = []): string {
  return [...migrations.map((m) => `${m.version}:${m.sql}`), ...methodMigrationsOf(methods).map((m) => `${m.id}:${m.sql}`)].join("\n");
}
