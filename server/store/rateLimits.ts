import { randomUUID } from "node:crypto";
import type { Sql } from "../db/sql";

export interface Admission {
  admitted: boolean;
  /** Hits inside the window after this call. */
  count: number;
  /** The oldest hit inside the window: when it leaves, a slot frees up. */
  oldest: number;
  /** The newest hit inside the window (for a refusal: when the budget ran out). */
  newest: number;
}

/**
 * A sliding-window limit in one atomic statement: drops hits older than the window and, when fewer
 * than `limit` remain, records a hit at `now`. The row lock of the upsert serialises concurrent
 * callers (on every instance sharing the database), so no window ever holds more than `limit` hits.
 */
export async function admit(sql: Sql, key: string, limit: number, windowMs: number, now: number): Promise<Admission> {
  const ticket = randomUUID();
  const recent = "array(select h from unnest(r.hits) h where h > $2 - $3 order by h)";
  const row = (
    await sql.query<{ admitted: boolean; count: number; oldest: number; newest: number }>(
      `insert into rate_limits as r (key, hits, last_admitted, expires_at)
       values ($1, array[$2::double precision], $5::uuid, $2 + $3)
       on conflict (key) do update set
         hits = case when cardinality(${recent}) < $4 then ${recent} || $2::double precision else ${recent} end,
         last_admitted = case when cardinality(${recent}) < $4 then $5::uuid else r.last_admitted end,
         expires_at = $2 + $3
       returning last_admitted = $5::uuid as admitted, cardinality(hits) as count, hits[1] as oldest, hits[cardinality(hits)] as newest`,
      [key, now, windowMs, limit, ticket],
    )
  ).rows[0]!;
  return { admitted: row.admitted, count: Number(row.count), oldest: Number(row.oldest ?? now), newest: Number(row.newest ?? now) };
}

/** Hits recorded under `key` after `since`. */
export async function countHits(sql: Sql, key: string, since: number): Promise<number> {
  const row = (await sql.query<{ n: number }>("select cardinality(array(select h from unnest(hits) h where h > $2)) as n from rate_limits where key = $1", [key, since])).rows[0];
  return Number(row?.n ?? 0);
}

/**
 * Gives back the hit each key recorded at `at` (an attempt that turned out not to count), in one
 * statement. Its rows are locked in key order first (`order by key for update`): an update of several
 * rows alone locks them in whatever order it meets them, and two refunds of the same keys deadlocked
 * on PostgreSQL.
 */
export async function refund(sql: Sql, keys: string[], at: number): Promise<void> {
  if (keys.length === 0) return;
  await sql.query(
    `with locked as (
       select key from rate_limits where key = any($1::text[]) and array_position(hits, $2::double precision) is not null order by key for update
     )
     update rate_limits r set hits = r.hits[:array_position(r.hits, $2::double precision) - 1] || r.hits[array_position(r.hits, $2::double precision) + 1:]
     from locked where r.key = locked.key and array_position(r.hits, $2::double precision) is not null`,
    [[...new Set(keys)], at],
  );
}

/** Records one hit at `now` under `key`, replacing any earlier (a mark such as "this client signed in here"), kept for `ttlMs`. */
export async function mark(sql: Sql, key: string, now: number, ttlMs: number): Promise<void> {
  await sql.query(
    `insert into rate_limits (key, hits, last_admitted, expires_at) values ($1, array[$2::double precision], $4::uuid, $2 + $3)
     on conflict (key) do update set hits = excluded.hits, last_admitted = excluded.last_admitted, expires_at = excluded.expires_at`,
    [key, now, ttlMs, randomUUID()],
  );
}
