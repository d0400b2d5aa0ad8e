import { hkdfSync } from "node:crypto";
import { keyRing, localKeyEncryptionKey, type KeyRing } from "./keyEncryptionKey";

/** The development profile's KEK: derived from its master secret (the data dir's, the seed's, or a random one). */
export function devKeyRing(masterSecret: Uint8Array): KeyRing {
  return keyRing([localKeyEncryptionKey(new Uint8Array(hkdfSync("sha256", masterSecret, "latch-emulator", "dev-kek", 32)))]);
}
