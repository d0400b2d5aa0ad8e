import type { Sql } from "../db/sql";
import type { Envelope } from "../custody/envelope";

/** Stores a secret's envelope unless one of that name exists; answers the one stored (first writer wins). */
export async function insertOrGetServerSecret(sql: Sql, name: string, envelope: Envelope, now: number): Promise<Envelope> {
  await sql.query("insert into server_secrets (name, kek_id, wrapped_key, created_at) values ($1, $2, $3, $4) on conflict (name) do nothing", [
    name,
    envelope.kekId,
    envelope.wrappedKey,
    now,
  ]);
  return (await sql.query<Envelope>(`select kek_id as "kekId", wrapped_key as "wrappedKey" from server_secrets where name = $1`, [name])).rows[0]!;
}

export async function listServerSecrets(sql: Sql): Promise<(Envelope & { name: string })[]> {
  return (await sql.query<Envelope & { name: string }>(`select name, kek_id as "kekId", wrapped_key as "wrappedKey" from server_secrets order by name`, [])).rows;
}

export async function rewrapServerSecret(sql: Sql, name: string, from: string, envelope: Envelope): Promise<boolean> {
  const updated = await sql.query("update server_secrets set kek_id = $3, wrapped_key = $4 where name = $1 and kek_id = $2 returning name", [
    name,
    from,
    envelope.kekId,
    envelope.wrappedKey,
  ]);
  return updated.rows.length === 1;
}
