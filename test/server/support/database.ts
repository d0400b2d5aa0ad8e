import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll } from "vitest";
import { migrate } from "../../../server/db/migrate";
import { pgliteDatabase } from "../../../server/db/pglite";
import type { Database } from "../../../server/db/sql";
import { serverMethods } from "../../../server/methods";

/** For one test file: in-memory databases migrated with every method's tables, and temp data dirs, all removed after. */
export function useDatabases() {
  const methods = serverMethods();
  const dirs: string[] = [];
  const opened: Database[] = [];
  afterAll(async () => {
    await Promise.all(opened.map((db) => db.close()));
    dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
  });
  return {
    methods,
    async migrated(): Promise<Database> {
      const raw = new PGlite();
      await raw.waitReady;
      const db = pgliteDatabase(raw);
      opened.push(db);
      await migrate(db, methods);
      return db;
    },
    dataDir(label: string): string {
      const dir = mkdtempSync(join(tmpdir(), `latch-${label}-`));
      dirs.push(dir);
      return dir;
    },
  };
}

/** A user row (no wallet) for tables that reference users. */
export const addUser = (db: Database, orgId: string, userId: string) =>
  db.query("insert into users (org_id, user_id, created_at) values ($1, $2, $3)", [orgId, userId, Date.now()]);
