import { createHash } from "node:crypto";
import { aeadOpen, aeadSeal } from "../crypto/aead";

/**
 * A key-encryption key (KEK): wraps and unwraps data keys. The local implementation holds 32
 * bytes in memory; a KMS adapter (AWS KMS, GCP KMS, Vault transit, an HSM) implements the same
 * two calls against its service and never hands out the key itself.
 */
export interface KeyEncryptionKey {
  /** Stored with each record it wraps, so the ring finds the KEK that can unwrap it. */
  readonly id: string;
  wrap(dataKey: Uint8Array, context: string): Promise<Uint8Array>;
  unwrap(wrapped: Uint8Array, context: string): Promise<Uint8Array>;
}

/** The KEKs a server holds: the first wraps new data keys, all of them unwrap. */
export interface KeyRing {
  readonly sealing: KeyEncryptionKey;
  readonly keys: readonly KeyEncryptionKey[];
  byId(id: string): KeyEncryptionKey | undefined;
}

export function keyRing(keys: readonly KeyEncryptionKey[]): KeyRing {
  if (keys.length === 0) throw new Error("A key ring needs at least one key-encryption key");
  const byId = new Map<string, KeyEncryptionKey>();
  for (const key of keys) if (!byId.has(key.id)) byId.set(key.id, key);
  return { sealing: keys[0]!, keys: [...byId.values()], byId: (id) => byId.get(id) };
}

/** A KEK held in memory: AES-256-GCM; its id is a digest of the key (it names the key, never reveals it). */
export function localKeyEncryptionKey(material: Uint8Array): KeyEncryptionKey {
  if (material.length !== 32) throw new Error(`A key-encryption key is 32 bytes (got ${material.length})`);
  const key = new Uint8Array(material);
  const id = `local:${createHash("sha256").update("latch-kek-id\n").update(key).digest("hex").slice(0, 16)}`;
  return {
    id,
    wrap: async (dataKey, context) => aeadSeal(key, dataKey, `kek\n${context}`),
    unwrap: async (wrapped, context) => aeadOpen(key, wrapped, `kek\n${context}`),
  };
}
