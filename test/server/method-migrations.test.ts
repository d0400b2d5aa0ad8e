// Methods' migrations: applied after the engine's under the same lock, recorded by id; the tables the
// built-in methods took over from the engine (authenticators, MFA factors, OAuth providers and
// requests) come out the same on a new database, on one migrated by the server before they moved, and
// on one that server left half-way (at migration 1), and what was stored before stays readable.
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertSchemaUsable, methodMigrationsOf, migrate, schemaState, type MigratingMethod } from "../../server/db/migrate";
import { pgliteDatabase } from "../../server/db/pglite";
import type { Database, Sql } from "../../server/db/sql";
import { migrations } from "../../server/db/migrations";
import { serverMethods } from "../../server/methods";
import { insertAuthenticator, listAuthenticators } from "../../server/store/authenticators";
import { insertFactor } from "../../server/store/factors";
import { listOauthProviders } from "../../server/store/oauthProviders";
import { readFileSync } from "node:fs";

/** The engine's migrations before the move, frozen (`-- migration <version>: <name>` then its SQL). */
const ENGINE_MIGRATIONS_BEFORE_METHODS = readFileSync(new URL("../fixtures/engine-migrations-before-methods.sql", import.meta.url), "utf8")
  .split(/^-- migration /m)
  .slice(1)
  .map((section) => {
    const [, version, name, sql] = /^(\d+): (.*)\n([\s\S]*)$/.exec(section)!;
    return { version: Number(version), name: name!, sql: sql! };
  });

const ORG = "00000000-0000-4000-8000-0000000000a1";
const methods = serverMethods();
const opened: Database[] = [];

async function emptyDatabase(): Promise<Database> {
  const raw = new PGlite();
  await raw.waitReady;
  const db = pgliteDatabase(raw);
  opened.push(db);
  return db;
}
afterAll(async () => {
  await Promise.all(opened.map((db) => db.close()));
});

// A new database migrated by this server: what every upgraded one must look like.
let fresh: Database;
let freshRan: Array<number | string>;
beforeAll(async () => {
  fresh = await emptyDatabase();
  freshRan = await migrate(fresh, methods);
});

/** A database as the server before the move migrated it, up to `upTo`. */
async function migratedBeforeTheMove(upTo: number): Promise<Database> {
  const db = await emptyDatabase();
  await db.query("create table schema_migrations (version integer primary key, name text not null, applied_at double precision not null)", []);
  for (const migration of ENGINE_MIGRATIONS_BEFORE_METHODS.filter((m) => m.version <= upTo)) {
    await db.transaction(async (tx) => {
      for (const statement of migration.sql.split(";").filter((s) => s.trim())) await tx.query(statement, []);
      await tx.query("insert into schema_migrations (version, name, applied_at) values ($1, $2, $3)", [migration.version, migration.name, 1]);
    });
  }
  return db;
}

/** Every table's columns, indexes and constraints, by name. */
async function schemaOf(sql: Sql) {
  const columns = await sql.query<{ table_name: string }>(
    `select table_name, column_name, ordinal_position, data_type, is_nullable, column_default from information_schema.columns
     where table_schema = 'public' and table_name not in ('schema_migrations', 'method_migrations') order by table_name, ordinal_position`,
    [],
  );
  const indexes = await sql.query("select indexname, indexdef from pg_indexes where schemaname = 'public' order by indexname", []);
  const constraints = await sql.query(
    `select conrelid::regclass::text as table_name, conname, pg_get_constraintdef(oid) as def from pg_constraint
     where connamespace = 'public'::regnamespace order by conrelid::regclass::text, conname`,
    [],
  );
  return { columns: columns.rows, indexes: indexes.rows, constraints: constraints.rows };
}

/** The engine's versions after `version` (those this server added since). */
const engineVersionsAfter = (version: number) => migrations.map((m) => m.version).filter((v) => v > version);

const METHOD_MIGRATIONS = ["passkey/001-authenticators", "mfa/001-factors", "oauth/001-providers-and-requests"];

describe("the built-in methods' tables, now theirs", () => {
  it("a new database gets them from the methods' migrations, recorded by id", async () => {
    expect(freshRan.filter((id) => typeof id === "string")).toEqual(METHOD_MIGRATIONS);
    expect(freshRan.filter((id) => typeof id === "number")).toEqual(engineVersionsAfter(0));
    expect(await migrate(fresh, methods)).toEqual([]);
    assertSchemaUsable(await schemaState(fresh, methods));
    const tables = new Set((await schemaOf(fresh)).columns.map((column) => column.table_name));
    for (const table of ["authenticators", "mfa_factors", "oauth_providers", "oauth_requests"]) expect(tables).toContain(table);
  });

  it("a database the server migrated before the move keeps its rows and comes out with the same schema as a new one", async () => {
    const old = await migratedBeforeTheMove(8);
    await old.query("insert into users (org_id, user_id, created_at) values ($1, gen_random_uuid(), 1)", [ORG]);
    await insertAuthenticator(
      old,
      { authenticatorId: "00000000-0000-4000-8000-0000000000b1", credentialId: "cred-1", orgId: ORG, name: "laptop", publicKey: new Uint8Array([1, 2]), signCount: 3, transports: ["internal"], rpId: "app.test" },
      1,
    );
    await insertFactor(old, { id: "00000000-0000-4000-8000-0000000000c1", orgId: ORG, type: "totp", sealedSecret: new Uint8Array([9]) }, 1);
    await old.query(
      "insert into oauth_providers (provider_id, org_id, issuer, subject, provider_name, created_at) values (gen_random_uuid(), $1, 'https://idp.test', 'sub-1', 'google', 1)",
      [ORG],
    );

    expect(await migrate(old, methods)).toEqual([...engineVersionsAfter(8), ...METHOD_MIGRATIONS]);
    expect(await schemaOf(old)).toEqual(await schemaOf(fresh));
    expect((await listAuthenticators(old, ORG)).map((a) => [a.credentialId, a.name, a.signCount, a.rpId])).toEqual([["cred-1", "laptop", 3, "app.test"]]);
    expect((await old.query<{ n: number }>("select count(*)::int as n from mfa_factors where org_id = $1", [ORG])).rows[0]!.n).toBe(1);
    expect((await listOauthProviders(old, ORG)).map((p) => p.subject)).toEqual(["sub-1"]);
    assertSchemaUsable(await schemaState(old, methods));
  });

  it("a database left at the engine's first migration (authenticators without their later columns) is completed to the same schema", async () => {
    const old = await migratedBeforeTheMove(1);
    expect(await migrate(old, methods)).toEqual([...engineVersionsAfter(1), ...METHOD_MIGRATIONS]);
    expect(await schemaOf(old)).toEqual(await schemaOf(fresh));
  });
});

describe("a method's migrations", () => {
  const counter = (version: 1 | 2): MigratingMethod => ({
    id: "counter",
    migrations: [
      { id: "counter/001-table", sql: "create table counter_hits (n integer not null)" },
      ...(version === 2 ? [{ id: "counter/002-column", sql: "alter table counter_hits add column at double precision" }] : []),
    ],
  });

  it("are applied in order after the engine's, once; a newer version's are refused by an older one, a method no longer served is ignored", async () => {
    const db = await emptyDatabase();
    await migrate(db, [...methods, counter(1)]);
    expect(await migrate(db, [...methods, counter(2)])).toEqual(["counter/002-column"]);
    await db.query("insert into counter_hits (n, at) values (1, 2)", []);
    const older = await schemaState(db, [...methods, counter(1)]);
    expect(() => assertSchemaUsable(older)).toThrow(/method migrations this server's methods do not know \(counter\/002-column\)/);
    assertSchemaUsable(await schemaState(db, methods));
    expect((await schemaState(fresh, [...methods, counter(1)])).pendingMethods).toEqual(["counter/001-table"]);
  });

  it("must be named after their method, each once", async () => {
    await expect(migrate(fresh, [{ id: "counter", migrations: [{ id: "other/001", sql: "select 1" }] }])).rejects.toThrow(/must be "counter\/<name>"/);
    expect(() => methodMigrationsOf([{ id: "counter", migrations: [{ id: "counter/001", sql: "select 1" }, { id: "counter/001", sql: "select 1" }] }])).toThrow(/listed twice/);
  });

  it("roll back as a whole when one fails, recording nothing", async () => {
    const db = await emptyDatabase();
    const broken: MigratingMethod = { id: "broken", migrations: [{ id: "broken/001", sql: "create table broken_rows (n integer); select * from no_such_table" }] };
    await expect(migrate(db, [...methods, broken])).rejects.toThrow(/no_such_table/);
    expect((await schemaState(db, [...methods, broken])).pendingMethods).toEqual(["broken/001"]);
    expect((await db.query<{ t: string | null }>("select to_regclass('broken_rows')::text as t", [])).rows[0]!.t).toBeNull();
  });
});
