import { ApiError } from "../errors";
import type { ServerContext } from "../context";
import type { Sql } from "../db/sql";
import type { OutgoingMessage } from "../delivery/types";
import { reserveSend } from "../store/otps";

/** Sends an email or SMS (dev inbox or real delivery), refusing when the contact had too many sends in the window. */
export async function deliver(sql: Sql, ctx: ServerContext, message: OutgoingMessage): Promise<void> {
  const now = ctx.now();
  const { sendMaxPerWindow, sendWindowMs } = ctx.limits;
  const recent = await reserveSend(sql, message.to, { now, since: now - sendWindowMs, max: sendMaxPerWindow });
  if (!recent.sent) {
    const retryAfterSeconds = Math.max(1, Math.ceil(((recent.oldest ?? now) + sendWindowMs - now) / 1000));
    throw new ApiError(
      429,
      "RATE_LIMITED",
      `Too many codes sent to ${message.to}; wait ${retryAfterSeconds} s before asking for another`,
      { retryAfterSeconds },
    );
  }
  await ctx.delivery.send(sql, message, now);
  ctx.observer.codeSent(message.channel, message.code === null ? "link" : "code");
}
