import { ApiError } from "../errors";
import type { ServerContext } from "../context";
import type { Sql } from "../db/sql";
import type { OutgoingMessage } from "../delivery/types";
import type { SendRefusal } from "../observer";
import { reserveSend } from "../store/otps";
import { admit, refund } from "../store/rateLimits";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

interface SendCap {
  reason: SendRefusal;
  key: string;
  limit: number;
  windowMs: number;
  message(retryAfterSeconds: number): string;
}

/** The caps beyond the contact's short window: the contact's day, the asking client, the app. */
function sendCaps(ctx: ServerContext, message: OutgoingMessage): SendCap[] {
  const { limits } = ctx;
  const caps: SendCap[] = [
    {
      reason: "contact-day",
      key: `send:contact-day:${message.to}`,
      limit: limits.sendsPerContactPerDay,
      windowMs: DAY,
      message: (s) => `Too many codes sent to ${message.to} today; wait ${s} s before asking for another`,
    },
    {
      reason: "app",
      key: `send:app:${message.requestedBy ?? "no-origin"}`,
      limit: limits.sendsPerAppPerMinute,
      windowMs: MINUTE,
      message: (s) => `This app has sent too many codes this minute; try again in ${s} s`,
    },
  ];
  if (message.client) {
    caps.push({
      reason: "client",
      key: `send:client:${message.client}`,
      limit: limits.sendsPerClientPerMinute,
      windowMs: MINUTE,
      message: (s) => `Too many codes asked for from this client; try again in ${s} s`,
    });
  }
  // The dev profile turns the client and app caps off (server/options.ts, DEV_LIMITS).
  return caps.filter((cap) => cap.limit < Number.MAX_SAFE_INTEGER);
}

function tooMany(ctx: ServerContext, reason: SendRefusal, retryAfterSeconds: number, text: string): ApiError {
  ctx.observer.sendRefused(reason);
  return new ApiError(429, "RATE_LIMITED", text, { retryAfterSeconds });
}

/**
 * Sends an email or SMS (dev inbox or real delivery) unless a send cap refuses it (429 with
 * Retry-After): the contact's window and day, the asking client, the app. The caps are taken outside
 * the caller's transaction on PostgreSQL (so no instance holds a cap's row while it talks to SMTP);
 * the embedded database has one connection, which the transaction holds.
 */
export async function deliver(sql: Sql, ctx: ServerContext, message: OutgoingMessage): Promise<void> {
  const now = ctx.now();
  const { sendMaxPerWindow, sendWindowMs } = ctx.limits;
  const recent = await reserveSend(sql, message.to, { now, since: now - sendWindowMs, max: sendMaxPerWindow });
  if (!recent.sent) {
    const retryAfterSeconds = Math.max(1, Math.ceil(((recent.oldest ?? now) + sendWindowMs - now) / 1000));
    throw tooMany(ctx, "contact", retryAfterSeconds, `Too many codes sent to ${message.to}; wait ${retryAfterSeconds} s before asking for another`);
  }
  const capsSql = ctx.db.engine === "pglite" ? sql : ctx.db;
  const taken: string[] = [];
  for (const cap of sendCaps(ctx, message)) {
    const admission = await admit(capsSql, cap.key, cap.limit, cap.windowMs, now);
    if (!admission.admitted) {
      await refund(capsSql, taken, now);
      const retryAfterSeconds = Math.max(1, Math.ceil((admission.oldest + cap.windowMs - now) / 1000));
      throw tooMany(ctx, cap.reason, retryAfterSeconds, cap.message(retryAfterSeconds));
    }
    taken.push(cap.key);
  }
  const { client: _client, ...outgoing } = message;
  await ctx.delivery.send(sql, outgoing, now);
  ctx.observer.codeSent(message.channel, message.code === null ? "link" : "code");
}
