import type { Sql } from "../db/sql";

export type Channel = "email" | "sms";
export type OtpPurpose = "auth" | "verify";

export interface OtpRow {
  id: string;
  contact: string;
  channel: Channel;
  purpose: OtpPurpose;
  orgId: string | null;
  codeHash: string;
  attempts: number;
  expiresAt: number;
  usedAt: number | null;
}

export async function insertOtp(sql: Sql, otp: Omit<OtpRow, "attempts" | "usedAt">, now: number): Promise<void> {
  await sql.query(
    `insert into otps (id, contact, channel, purpose, org_id, code_hash, expires_at, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [otp.id, otp.contact, otp.channel, otp.purpose, otp.orgId, otp.codeHash, otp.expiresAt, now],
  );
}

export async function lockOtp(sql: Sql, id: string): Promise<OtpRow | undefined> {
  return (
    await sql.query<OtpRow>(
      `select id, contact, channel, purpose, org_id as "orgId", code_hash as "codeHash", attempts,
       expires_at as "expiresAt", used_at as "usedAt" from otps where id = $1 for update`,
      [id],
    )
  ).rows[0];
}

export interface OtpOwner {
  orgId: string | null;
  contact: string;
  createdAt: number;
  attempts: number;
}

/** Whose code it is, when it was sent and its wrong tries so far (for the guess budgets), read without locking. */
export async function findOtpOwner(sql: Sql, id: string): Promise<OtpOwner | undefined> {
  const row = (
    await sql.query<OtpOwner>(`select org_id as "orgId", contact, created_at as "createdAt", attempts from otps where id = $1`, [id])
  ).rows[0];
  return row && { ...row, createdAt: Number(row.createdAt), attempts: Number(row.attempts) };
}

export async function countWrongTry(sql: Sql, id: string): Promise<number> {
  const rows = (await sql.query<{ attempts: number }>("update otps set attempts = attempts + 1 where id = $1 returning attempts", [id])).rows;
  return rows[0]?.attempts ?? 0;
}

export async function markOtpUsed(sql: Sql, id: string, now: number): Promise<void> {
  await sql.query("update otps set used_at = $2 where id = $1", [id, now]);
}

/**
 * Records a send to a contact unless it had `max` sends since `since`: the rate limit of codes and
 * links. A transaction lock per contact orders concurrent senders (on any instance), so the count
 * and the insert cannot interleave; call it inside the transaction that delivers.
 */
export async function reserveSend(
  sql: Sql,
  contact: string,
  limit: { now: number; since: number; max: number },
): Promise<{ sent: boolean; oldest: number | null }> {
  await sql.query("select pg_advisory_xact_lock(hashtextextended($1, 0))", [`send:${contact}`]);
  const row = (
    await sql.query<{ sent: boolean; oldest: number | null }>(
      `with recent as (select count(*)::int as n, min(sent_at) as oldest from sends where contact = $1 and sent_at > $3),
       added as (insert into sends (contact, sent_at) select $1, $2 from recent where n < $4 returning 1)
       select exists (select 1 from added) as sent, oldest from recent`,
      [contact, limit.now, limit.since, limit.max],
    )
  ).rows[0];
  return row ?? { sent: false, oldest: null };
}
