import type { Sql } from "../db/sql";

export interface FactorRow {
  id: string;
  orgId: string;
  type: string;
  sealedSecret: Uint8Array;
  verified: boolean;
  lastStep: number | null;
}

const COLUMNS = `id, org_id as "orgId", type, sealed_secret as "sealedSecret", verified, last_step as "lastStep"`;

export async function insertFactor(sql: Sql, factor: Omit<FactorRow, "verified" | "lastStep">, now: number): Promise<void> {
  await sql.query("insert into mfa_factors (id, org_id, type, sealed_secret, created_at) values ($1, $2, $3, $4, $5)", [
    factor.id,
    factor.orgId,
    factor.type,
    factor.sealedSecret,
    now,
  ]);
}

export async function lockFactor(sql: Sql, orgId: string, id: string): Promise<FactorRow | undefined> {
  return (await sql.query<FactorRow>(`select ${COLUMNS} from mfa_factors where org_id = $1 and id = $2 for update`, [orgId, id])).rows[0];
}

export async function verifiedFactors(sql: Sql, orgId: string): Promise<FactorRow[]> {
  return (await sql.query<FactorRow>(`select ${COLUMNS} from mfa_factors where org_id = $1 and verified order by created_at, id`, [orgId]))
    .rows;
}

export async function acceptStep(sql: Sql, id: string, step: number): Promise<void> {
  await sql.query("update mfa_factors set verified = true, last_step = $2 where id = $1", [id, step]);
}

export async function deleteUnverifiedFactors(sql: Sql, orgId: string): Promise<void> {
  await sql.query("delete from mfa_factors where org_id = $1 and not verified", [orgId]);
}

export async function deleteFactors(sql: Sql, orgId: string, ids: string[]): Promise<string[]> {
  const rows = (
    await sql.query<{ id: string }>("delete from mfa_factors where org_id = $1 and id = any($2::uuid[]) returning id", [orgId, ids])
  ).rows;
  return rows.map((r) => r.id);
}
