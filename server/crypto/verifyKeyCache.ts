import type { KeyObject } from "node:crypto";
import { p256VerifyKey } from "./p256";

/**
 * Parsed P-256 verification keys by compressed public key (hex), the most recently used kept up to
 * `max`. A parse cache, nothing more: an entry is named by the key it holds, so a hit grants nothing
 * — the stamp's signature is verified with it and the key's registration (organisation, expiry) is
 * read from the database on every request. Saves OpenSSL's SPKI parse (~35 µs) on a session's requests.
 */
export class VerifyKeyCache {
  readonly #keys = new Map<string, KeyObject>();

  constructor(private readonly max = 10_000) {}

  /** The key for `compressedHex`; throws (and caches nothing) when it is not a P-256 point. */
  get(compressedHex: string): KeyObject {
    const cached = this.#keys.get(compressedHex);
    if (cached) {
      // Map order is insertion order: re-inserting marks it recently used.
      this.#keys.delete(compressedHex);
      this.#keys.set(compressedHex, cached);
      return cached;
    }
    const key = p256VerifyKey(compressedHex);
    this.#keys.set(compressedHex, key);
    if (this.#keys.size > this.max) this.#keys.delete(this.#keys.keys().next().value!);
    return key;
  }

  get size(): number {
    return this.#keys.size;
  }
}
