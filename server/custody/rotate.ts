import type { Sql } from "../db/sql";
import type { Secrets } from "../crypto/secrets";
import { deriveWallet } from "../crypto/wallet";
import { listServerSecrets, rewrapServerSecret } from "../store/serverSecrets";
import { rewrapEnvelope, type Envelope } from "./envelope";
import type { KeyRing } from "./keyEncryptionKey";
import { serverSecretContext } from "./serverSecret";
import { envelopeContext, sealWallet } from "./walletCustody";
import { envelopeContext as authShareEnvelopeContext } from "./authShare";

/**
 * Tables of records at rest: each row's key column names its owner (the sealing context), and
 * `sealed` the column a pre-envelope record keeps its mnemonic in (a split wallet keeps none).
 */
const WALLET_TABLES = [
  { table: "wallets", owner: "org_id", sealed: "sealed_mnemonic", context: envelopeContext },
  { table: "multi_owner_orgs", owner: "org_id", sealed: "sealed_mnemonic", context: envelopeContext },
  // Imported wallets are sealed in the wallet's own name (its id); they never predate envelope custody.
  { table: "imported_wallets", owner: "wallet_id", sealed: "sealed_mnemonic", context: envelopeContext },
  // Split wallets' auth shares: their own data keys, never without one.
  { table: "wallet_shares", owner: "org_id", sealed: "sealed_auth_share", context: authShareEnvelopeContext },
] as const;

const BATCH = 200;

export interface RotationReport {
  /** Records moved from another KEK to the sealing one, per table. */
  rewrapped: Record<string, number>;
  /** Wallets sealed before envelope custody, now sealed with a data key. */
  upgraded: number;
}

/**
 * Re-wraps every data key (wallets, organisation wallets, the server secret) under the ring's
 * sealing KEK; the sealed records themselves do not change. Wallets from before envelope custody
 * get a data key. Safe to run while instances serve and to run twice: each update names the KEK it
 * replaces, so a concurrent change is never overwritten. Afterwards the old KEK can leave the ring.
 */
export async function rotateKeys(sql: Sql, ring: KeyRing, legacySecrets?: Secrets): Promise<RotationReport> {
  const report: RotationReport = { rewrapped: {}, upgraded: 0 };
  for (const secret of await listServerSecrets(sql)) {
    if (secret.kekId === ring.sealing.id) continue;
    const moved = await rewrapEnvelope(ring, secret, serverSecretContext(secret.name));
    if (await rewrapServerSecret(sql, secret.name, secret.kekId, moved)) report.rewrapped.server_secrets = (report.rewrapped.server_secrets ?? 0) + 1;
  }
  for (const { table, owner, sealed, context } of WALLET_TABLES) {
    report.rewrapped[table] = 0;
    let after = "00000000-0000-0000-0000-000000000000";
    for (;;) {
      const rows = (
        await sql.query<Partial<Envelope> & { owner: string; kekId: string | null; sealedMnemonic: Uint8Array }>(
          `select ${owner} as owner, kek_id as "kekId", wrapped_key as "wrappedKey", ${sealed} as "sealedMnemonic" from ${table}
           where (kek_id is null or kek_id <> $1) and ${sealed} is not null and ${owner} > $2 order by ${owner} limit $3`,
          [ring.sealing.id, after, BATCH],
        )
      ).rows;
      for (const row of rows) {
        if (row.kekId === null) {
          if (!legacySecrets || table === "wallet_shares") continue;
          const mnemonic = new TextDecoder().decode(legacySecrets.open("wallet-at-rest", row.sealedMnemonic, row.owner));
          const sealed = await sealWallet(ring, row.owner, mnemonic, await deriveWallet(mnemonic));
          const updated = await sql.query(
            `update ${table} set sealed_mnemonic = $2, kek_id = $3, wrapped_key = $4, sealed_keys = $5 where ${owner} = $1 and kek_id is null returning 1`,
            [row.owner, sealed.sealedMnemonic, sealed.kekId, sealed.wrappedKey, sealed.sealedKeys],
          );
          report.upgraded += updated.rows.length;
          continue;
        }
        const moved = await rewrapEnvelope(ring, { kekId: row.kekId, wrappedKey: row.wrappedKey! }, context(row.owner));
        const updated = await sql.query(`update ${table} set kek_id = $3, wrapped_key = $4 where ${owner} = $1 and kek_id = $2 returning 1`, [
          row.owner,
          row.kekId,
          moved.kekId,
          moved.wrappedKey,
        ]);
        report.rewrapped[table] += updated.rows.length;
      }
      if (rows.length < BATCH) break;
      after = rows[rows.length - 1]!.owner;
    }
  }
  return report;
}
