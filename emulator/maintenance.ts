import type { EmulatorContext } from "./context";
import { deleteExpiredApiKeys } from "./store/apiKeys";
import { deleteExpiredOtps, deleteOldSends } from "./store/otps";
import { deleteExpiredTokens } from "./store/usedTokens";

/** Drops rows nobody can use any more: expired codes, keys, replay records and old send records. */
export async function pruneExpired(ctx: EmulatorContext): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await deleteExpiredOtps(tx, now);
    await deleteExpiredApiKeys(tx, now);
    await deleteExpiredTokens(tx, now);
    await deleteOldSends(tx, now - ctx.limits.sendWindowMs);
  });
}
