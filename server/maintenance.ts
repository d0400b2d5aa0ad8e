import type { EmulatorContext } from "./context";
import { deleteOldActivities } from "./store/activities";
import { deleteExpiredApiKeys } from "./store/apiKeys";
import { deleteExpiredOtps, deleteOldSends } from "./store/otps";
import { deleteExpiredTokens } from "./store/usedTokens";

/** Key-management activities are kept a day: long enough for any client to poll them. */
const ACTIVITY_RETENTION_MS = 24 * 60 * 60 * 1000;

/** Drops rows nobody can use any more: expired codes, keys, replay records, old send records and activities. */
export async function pruneExpired(ctx: EmulatorContext): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await deleteExpiredOtps(tx, now);
    await deleteExpiredApiKeys(tx, now);
    await deleteExpiredTokens(tx, now);
    await deleteOldSends(tx, now - ctx.limits.sendWindowMs);
    await deleteOldActivities(tx, now - ACTIVITY_RETENTION_MS);
  });
}
