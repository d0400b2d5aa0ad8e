import type { ServerContext } from "./context";
import { sweepBatch, type Sweep } from "./store/sweep";

/** Key-management activities are kept a day: long enough for any client to poll them. */
const ACTIVITY_RETENTION_MS = 24 * 60 * 60 * 1000;

/** Rows per table per run: a run stays short however much piled up; the next run takes the rest. */
export const SWEEP_BATCH = 1000;

function sweeps(ctx: ServerContext): Sweep[] {
  const at = (now: number) => now;
  return [
    { table: "otps", column: "expires_at", before: at },
    { table: "api_keys", column: "expires_at", before: at },
    { table: "used_tokens", column: "expires_at", before: at },
    { table: "oauth_requests", column: "expires_at", before: at },
    { table: "idp_grants", column: "expires_at", before: at },
    { table: "sends", column: "sent_at", before: (now) => now - ctx.limits.sendWindowMs },
    { table: "activities", column: "created_at", before: (now) => now - ACTIVITY_RETENTION_MS },
    { table: "rate_limits", column: "expires_at", before: at },
    // Kept a day past expiry, so a late import names the reason (expired) rather than an unknown bundle.
    { table: "import_bundles", column: "expires_at", before: (now) => now - ACTIVITY_RETENTION_MS },
  ];
}

/**
 * Drops rows nobody can use any more (expired codes, keys, replay records, prepared sign-ins, old
 * send records and activities), a bounded batch per table. Any instance may run it at any time.
 */
export async function pruneExpired(ctx: ServerContext, limit = SWEEP_BATCH): Promise<Record<string, number>> {
  const now = ctx.now();
  const deleted: Record<string, number> = {};
  for (const sweep of sweeps(ctx)) deleted[sweep.table] = await sweepBatch(ctx.db, sweep, now, limit);
  return deleted;
}
