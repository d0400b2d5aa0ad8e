import { randomUUID } from "node:crypto";
import { ApiError } from "../errors";
import type { EmulatorContext } from "../context";
import type { Sql } from "../db/sql";
import { insertMessage, type NewMessage } from "../store/messages";
import { reserveSend } from "../store/otps";

/** Puts an email or SMS in the dev inbox, refusing when the contact had too many sends in the window. */
export async function deliver(sql: Sql, ctx: EmulatorContext, message: Omit<NewMessage, "id">): Promise<void> {
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
  await insertMessage(sql, { id: randomUUID(), ...message }, now);
}
