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

export async function countWrongTry(sql: Sql, id: string): Promise<number> {
  const rows = (await sql.query<{ attempts: number }>("update otps set attempts = attempts + 1 where id = $1 returning attempts", [id])).rows;
  return rows[0]?.attempts ?? 0;
}

export async function markOtpUsed(sql: Sql, id: string, now: number): Promise<void> {
  await sql.query("update otps set used_at = $2 where id = $1", [id, now]);
}

export async function deleteExpiredOtps(sql: Sql, now: number): Promise<void> {
  await sql.query("delete from otps where expires_at < $1", [now]);
}

/** Sends to a contact since a time; the rate limit of codes and links. */
export async function countSendsSince(sql: Sql, contact: string, since: number): Promise<{ count: number; oldest: number | null }> {
  const row = (
    await sql.query<{ count: number; oldest: number | null }>(
      "select count(*)::int as count, min(sent_at) as oldest from sends where contact = $1 and sent_at > $2",
      [contact, since],
    )
  ).rows[0];
  return row ?? { count: 0, oldest: null };
}

export async function recordSend(sql: Sql, contact: string, now: number): Promise<void> {
  await sql.query("insert into sends (contact, sent_at) values ($1, $2)", [contact, now]);
}

export async function deleteOldSends(sql: Sql, before: number): Promise<void> {
  await sql.query("delete from sends where sent_at < $1", [before]);
}
