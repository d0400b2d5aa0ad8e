import type { PGlite } from "@electric-sql/pglite";
import { migrations } from "./migrations";

export async function migrate(db: PGlite): Promise<number[]> {
  await db.exec(`create table if not exists schema_migrations (
    version integer primary key, name text not null, applied_at double precision not null)`);
  const applied = new Set((await db.query<{ version: number }>("select version from schema_migrations")).rows.map((r) => r.version));
  const ran: number[] = [];
  for (const migration of migrations) {
    if (applied.has(migration.version)) continue;
    await db.transaction(async (tx) => {
      await tx.exec(migration.sql);
      await tx.query("insert into schema_migrations (version, name, applied_at) values ($1, $2, $3)", [
        migration.version,
        migration.name,
        Date.now(),
      ]);
    });
    ran.push(migration.version);
  }
  return ran;
}

export function schemaFingerprint(): string {
  return migrations.map((m) => `${m.version}:${m.sql}`).join("\n");
}
