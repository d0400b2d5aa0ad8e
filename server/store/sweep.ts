import type { Sql } from "../db/sql";

/** A table whose rows die at a time held in one column (epoch ms). */
export interface Sweep {
  table: string;
  column: string;
  /** The cut-off for this table, from now. */
  before(now: number): number;
}

/**
 * Deletes at most `limit` rows older than the cut-off; rows another instance is deleting at the
 * same moment are skipped, not waited for. Answers how many went.
 */
export async function sweepBatch(sql: Sql, sweep: Sweep, now: number, limit: number): Promise<number> {
  const result = await sql.query(
    `delete from ${sweep.table} where ctid in (select ctid from ${sweep.table} where ${sweep.column} < $1 limit $2 for update skip locked)`,
    [sweep.before(now), limit],
  );
  return result.affectedRows ?? 0;
}
