import type { Sql } from "../db/sql";

export type ActivityStatus = "ACTIVITY_STATUS_PENDING" | "ACTIVITY_STATUS_COMPLETED";

export interface ActivityRow {
  id: string;
  orgId: string;
  type: string;
  status: ActivityStatus;
  result: Record<string, unknown>;
  createdAt: number;
  updatedAt: number;
}

const COLUMNS = `id, org_id as "orgId", type, status, result, created_at as "createdAt", updated_at as "updatedAt"`;

/**
 * Records a key-management activity. Its work is already done; `pendingPolls` is how many
 * `get_activity` answers still say PENDING before COMPLETED (so clients' polling runs).
 */
export async function insertActivity(
  sql: Sql,
  activity: { id: string; orgId: string; type: string; result: Record<string, unknown>; pendingPolls: number },
  now: number,
): Promise<ActivityRow> {
  const status: ActivityStatus = activity.pendingPolls > 0 ? "ACTIVITY_STATUS_PENDING" : "ACTIVITY_STATUS_COMPLETED";
  const rows = await sql.query<ActivityRow>(
    `insert into activities (id, org_id, type, status, result, pending_polls, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $7) returning ${COLUMNS}`,
    [activity.id, activity.orgId, activity.type, status, JSON.stringify(activity.result), activity.pendingPolls, now],
  );
  return rows.rows[0]!;
}

/** One poll of an activity of the organisation: counts down its pending answers. */
export async function pollActivity(sql: Sql, orgId: string, id: string, now: number): Promise<ActivityRow | undefined> {
  const rows = await sql.query<ActivityRow>(
    `update activities set
       pending_polls = greatest(pending_polls - 1, 0),
       status = case when pending_polls <= 1 then 'ACTIVITY_STATUS_COMPLETED' else status end,
       updated_at = case when pending_polls >= 1 then $3 else updated_at end
     where id = $1 and org_id = $2 returning ${COLUMNS}`,
    [id, orgId, now],
  );
  return rows.rows[0];
}
