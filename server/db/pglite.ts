import { createHash } from "node:crypto";
import { existsSync, readdirSync, statSync } from "node:fs";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRequire } from "node:module";
import { PGlite } from "@electric-sql/pglite";
import { migrate, schemaFingerprint, type MigratingMethod } from "./migrate";
import type { Connection, Database } from "./sql";

/**
 * initdb of an empty PGlite costs seconds, loading a dumped data dir a few hundred ms: every new
 * database starts from a migrated template (per set of methods' migrations), kept per process and
 * cached on disk across processes.
 */
const templates = new Map<string, Promise<Blob>>();

export function migratedTemplate(methods: readonly MigratingMethod[] = []): Promise<Blob> {
  const key = templateKey(methods);
  let template = templates.get(key);
  if (!template) {
    template = loadOrBuildTemplate(key, methods).catch((error: unknown) => {
      templates.delete(key);
      throw error;
    });
    templates.set(key, template);
  }
  return template;
}

/** The embedded database: in memory, or in `dataDir` (one process at a time), from the template migrated for `methods` when new. */
export async function openPglite(dataDir?: string, methods: readonly MigratingMethod[] = []): Promise<Database> {
  const loadDataDir = dataDir && hasData(dataDir) ? undefined : await migratedTemplate(methods);
  const db = new PGlite({ ...(dataDir ? { dataDir } : {}), ...(loadDataDir ? { loadDataDir } : {}) });
  await db.waitReady;
  return pgliteDatabase(db);
}

/** One PGlite as a Database (the migration tests build one by hand). */
export function pgliteDatabase(db: PGlite): Database {
  const connection: Connection = {
    query: (text, params) => db.query(text, params),
    exec: async (statements) => {
      await db.exec(statements);
    },
  };
  return {
    engine: "pglite",
    query: connection.query,
    transaction: (fn) => db.transaction(fn),
    // One connection in one process: nobody else can hold the lock.
    withLock: (_key, fn) => fn(connection),
    close: () => db.close(),
  };
}

function hasData(dir: string): boolean {
  return existsSync(dir) && readdirSync(dir).length > 0;
}

async function loadOrBuildTemplate(key: string, methods: readonly MigratingMethod[]): Promise<Blob> {
  const file = join(tmpdir(), "latch-emulator", `template-${key}.tar`);
  try {
    return new Blob([await readFile(file)]);
  } catch {
    // not cached yet
  }
  const raw = new PGlite();
  await raw.waitReady;
  await migrate(pgliteDatabase(raw), methods);
  const dump = await raw.dumpDataDir("none");
  await raw.close();
  const bytes = new Uint8Array(await dump.arrayBuffer());
  try {
    await mkdir(join(tmpdir(), "latch-emulator"), { recursive: true });
    const partial = `${file}.${process.pid}.tmp`;
    await writeFile(partial, bytes);
    await rename(partial, file);
  } catch {
    // a cache we cannot write only costs time
  }
  return new Blob([bytes]);
}

function templateKey(methods: readonly MigratingMethod[]): string {
  const engine = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  const { size, mtimeMs } = statSync(engine);
  return createHash("sha256").update(`${engine}:${size}:${mtimeMs}\n${schemaFingerprint(methods)}`).digest("hex").slice(0, 16);
}
