import type { Sql } from "../db/sql";

/** A target key an import bundle names: its private half sealed, for one user, usable once before it expires. */
export interface ImportBundleRow {
  targetPublicKey: string;
  orgId: string;
  userId: string;
  sealedPrivateKey: Uint8Array;
  expiresAt: number;
  usedAt: number | null;
}

export async function insertImportBundle(sql: Sql, row: Omit<ImportBundleRow, "usedAt">, now: number): Promise<void> {
  await sql.query(
    `insert into import_bundles (target_public_key, org_id, user_id, sealed_private_key, expires_at, created_at) values ($1, $2, $3, $4, $5, $6)`,
    [row.targetPublicKey, row.orgId, row.userId, row.sealedPrivateKey, row.expiresAt, now],
  );
}

/** How many unused, unexpired import bundles the organisation holds. */
export async function countLiveImportBundles(sql: Sql, orgId: string, now: number): Promise<number> {
  const rows = await sql.query<{ count: number }>("select count(*)::int as count from import_bundles where org_id = $1 and used_at is null and expires_at > $2", [orgId, now]);
  return rows.rows[0]!.count;
}

export async function findImportBundle(sql: Sql, targetPublicKey: string): Promise<ImportBundleRow | undefined> {
  return (
    await sql.query<ImportBundleRow>(
      `select target_public_key as "targetPublicKey", org_id as "orgId", user_id as "userId", sealed_private_key as "sealedPrivateKey",
         expires_at as "expiresAt", used_at as "usedAt"
       from import_bundles where target_public_key = $1`,
      [targetPublicKey],
    )
  ).rows[0];
}

/** Marks the bundle used; false when it was used already or has expired (another request, perhaps on another instance, won). */
export async function claimImportBundle(sql: Sql, targetPublicKey: string, now: number): Promise<boolean> {
  const claimed = await sql.query(
    "update import_bundles set used_at = $2 where target_public_key = $1 and used_at is null and expires_at > $2 returning 1",
    [targetPublicKey, now],
  );
  return claimed.rows.length === 1;
}
