import { createHash } from "node:crypto";
import { existsSync, readdirSync, statSync } from "node:fs";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRequire } from "node:module";
import { PGlite } from "@electric-sql/pglite";
import { migrate, schemaFingerprint } from "./migrate";

export type Database = PGlite;

/**
 * initdb of an empty PGlite costs seconds, loading a dumped data dir a few hundred ms: every new
 * database starts from one migrated template, kept per process and cached on disk across processes.
 */
let template: Promise<Blob> | undefined;

export function migratedTemplate(): Promise<Blob> {
  template ??= loadOrBuildTemplate().catch((error: unknown) => {
    template = undefined;
    throw error;
  });
  return template;
}

export async function openDatabase(dataDir?: string): Promise<Database> {
  const loadDataDir = dataDir && hasData(dataDir) ? undefined : await migratedTemplate();
  const db = new PGlite({ ...(dataDir ? { dataDir } : {}), ...(loadDataDir ? { loadDataDir } : {}) });
  await db.waitReady;
  await migrate(db);
  return db;
}

function hasData(dir: string): boolean {
  return existsSync(dir) && readdirSync(dir).length > 0;
}

async function loadOrBuildTemplate(): Promise<Blob> {
  const file = join(tmpdir(), "latch-emulator", `template-${templateKey()}.tar`);
  try {
    return new Blob([await readFile(file)]);
  } catch {
    // not cached yet
  }
  const db = new PGlite();
  await db.waitReady;
  await migrate(db);
  const dump = await db.dumpDataDir("none");
  await db.close();
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

function templateKey(): string {
  const engine = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  const { size, mtimeMs } = statSync(engine);
  return createHash("sha256").update(`${engine}:${size}:${mtimeMs}\n${schemaFingerprint()}`).digest("hex").slice(0, 16);
}
