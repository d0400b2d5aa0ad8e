import type { Sql } from "../db/sql";
import { insertOrGetServerSecret } from "../store/serverSecrets";
import { openEnvelope } from "./envelope";
import type { KeyRing } from "./keyEncryptionKey";

export const SERVER_SECRET_NAME = "master";

export function serverSecretContext(name: string): string {
  return `server-secret\n${name}`;
}

/**
 * The secret every instance derives its purpose keys from (code hashes, sealed MFA payloads,
 * export and identity-provider signing keys): stored once in the database, wrapped by the KEK.
 * The first instance stores `initial`; the others (and later starts) read that one.
 */
export async function loadServerSecret(sql: Sql, ring: KeyRing, initial: Uint8Array, now: number): Promise<Uint8Array> {
  const context = serverSecretContext(SERVER_SECRET_NAME);
  const proposed = { kekId: ring.sealing.id, wrappedKey: await ring.sealing.wrap(initial, context) };
  return openEnvelope(ring, await insertOrGetServerSecret(sql, SERVER_SECRET_NAME, proposed, now), context);
}
