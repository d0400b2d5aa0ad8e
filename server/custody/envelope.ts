import { randomBytes } from "node:crypto";
import type { KeyRing } from "./keyEncryptionKey";

/** A record's data key, wrapped by a KEK; the KEK's id is stored beside it. */
export interface Envelope {
  kekId: string;
  wrappedKey: Uint8Array;
}

export class UnknownKeyEncryptionKeyError extends Error {
  override readonly name = "UnknownKeyEncryptionKeyError";
}

/** A fresh random data key for one record, and its envelope under the ring's sealing KEK. */
export async function newEnvelope(ring: KeyRing, context: string): Promise<{ envelope: Envelope; dataKey: Uint8Array }> {
  const dataKey = new Uint8Array(randomBytes(32));
  return { envelope: { kekId: ring.sealing.id, wrappedKey: await ring.sealing.wrap(dataKey, context) }, dataKey };
}

export async function openEnvelope(ring: KeyRing, envelope: Envelope, context: string): Promise<Uint8Array> {
  const kek = ring.byId(envelope.kekId);
  if (!kek) {
    throw new UnknownKeyEncryptionKeyError(
      `No key-encryption key with id ${envelope.kekId} is configured (LATCH_SECRET_KEY): keep the old key listed until rotate-keys has re-sealed every record`,
    );
  }
  return kek.unwrap(envelope.wrappedKey, context);
}

/** The same data key under the ring's sealing KEK (key rotation: the records it seals stay as they are). */
export async function rewrapEnvelope(ring: KeyRing, envelope: Envelope, context: string): Promise<Envelope> {
  const dataKey = await openEnvelope(ring, envelope, context);
  try {
    return { kekId: ring.sealing.id, wrappedKey: await ring.sealing.wrap(dataKey, context) };
  } finally {
    dataKey.fill(0);
  }
}
