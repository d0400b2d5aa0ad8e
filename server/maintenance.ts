import type { ServerContext } from "./context";
import { sweepBatch, type Sweep } from "./store/sweep";

/** Key-management activities are kept a day: long enough for any client to poll them. */
const ACTIVITY_RETENTION_MS = 24 * 60 * 60 * 1000;

/** Rows per table per run: a run stays short however much piled up; the next run takes the rest. */
export const SWEEP_BATCH = 1000;

const SQL_NAME = /^[a-z_][a-z0-9_]*$/;

function sweeps(ctx: ServerContext): Sweep[] {
  const at = (now: number) => now;
  return [
    { table: "otps", column: "expires_at", before: at },
    { table: "api_keys", column: "expires_at", before: at },
    { table: "used_tokens", column: "expires_at", before: at },
    { table: "passkey_sessions", column: "expires_at", before: at },
    { table: "step_ups", column: "expires_at", before: at },
    { table: "idp_grants", column: "expires_at", before: at },
    { table: "sends", column: "sent_at", before: (now) => now - ctx.limits.sendWindowMs },
    { table: "activities", column: "created_at", before: (now) => now - ACTIVITY_RETENTION_MS },
    { table: "rate_limits", column: "expires_at", before: at },
    // Kept a day past expiry, so a late import names the reason (expired) rather than an unknown bundle.
    { table: "import_bundles", column: "expires_at", before: (now) => now - ACTIVITY_RETENTION_MS },
    // The methods' own tables (e.g. the oauth method's prepared sign-ins).
    ...ctx.methods.flatMap((method) =>
      (method.expiring ?? []).map(({ table, column, graceMs = 0 }) => {
        if (!SQL_NAME.test(table) || !SQL_NAME.test(column)) throw new Error(`Method ${method.id}: expiring rows name ${table}.${column}, not a plain table and column name`);
        return { table, column, before: (now: number) => now - graceMs };
      }),
    ),
  ];
}

/**
 * Drops rows nobody can use any more (expired codes, keys, replay records, passkey sign-ins, step-up proofs, prepared sign-ins, old
 * send records and activities), a bounded batch per table. Any instance may run it at any time.
 */
export async function pruneExpired(ctx: ServerContext, limit = SWEEP_BATCH): Promise<Record<string, number>> {
  const now = ctx.now();
  const deleted: Record<string, number> = {};
  for (const sweep of sweeps(ctx)) deleted[sweep.table] = await sweepBatch(ctx.db, sweep, now, limit);
  return deleted;
}
