import type { Sql } from "../db/sql";
import type { Channel } from "./otps";

/** A message in the dev inbox, as the inbox API answers it. */
export interface InboxMessage {
  id: string;
  to: string;
  channel: Channel;
  subject: string;
  text: string;
  code: string | null;
  link: string | null;
  sentAt: string;
}

export type NewMessage = Omit<InboxMessage, "sentAt">;

export async function insertMessage(sql: Sql, message: NewMessage, now: number): Promise<void> {
  await sql.query(
    `insert into messages (id, recipient, channel, subject, body, code, link, sent_at) values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [message.id, message.to, message.channel, message.subject, message.text, message.code, message.link, now],
  );
}

/** Newest first; `to` matches an email case-insensitively. */
export async function listMessages(sql: Sql, to?: string): Promise<InboxMessage[]> {
  const rows = (
    await sql.query<Omit<InboxMessage, "sentAt"> & { sentAt: number }>(
      `select id, recipient as "to", channel, subject, body as "text", code, link, sent_at as "sentAt" from messages
       ${to === undefined ? "" : "where lower(recipient) = lower($1)"} order by seq desc`,
      to === undefined ? [] : [to],
    )
  ).rows;
  return rows.map((row) => ({ ...row, sentAt: new Date(row.sentAt).toISOString() }));
}

export async function clearMessages(sql: Sql): Promise<void> {
  await sql.query("delete from messages");
}
