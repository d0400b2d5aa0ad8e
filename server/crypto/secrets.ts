import { hkdfSync, randomBytes } from "node:crypto";
import { aeadOpen, aeadSeal } from "./aead";

/** Purposes of the keys derived from the master secret; one key per purpose. */
export type KeyPurpose = "otp-hash" | "wallet-at-rest" | "totp-at-rest" | "mfa-payload" | "verification-token" | "seeded-wallet" | "seeded-id" | "export-signing" | "idp-signing" | "idp-subject" | "import-target" | "custody-target";

export interface Secrets {
  /** A 32-byte key for one purpose, derived from the emulator master secret. */
  key(purpose: KeyPurpose): Uint8Array;
  seal(purpose: KeyPurpose, plaintext: Uint8Array, context?: string): Uint8Array;
  open(purpose: KeyPurpose, sealed: Uint8Array, context?: string): Uint8Array;
}

export function createSecrets(masterSecret: Uint8Array): Secrets {
  const cache = new Map<KeyPurpose, Uint8Array>();
  const key = (purpose: KeyPurpose): Uint8Array => {
    let k = cache.get(purpose);
    if (!k) {
      k = new Uint8Array(hkdfSync("sha256", masterSecret, "latch-emulator", purpose, 32));
      cache.set(purpose, k);
    }
    return k;
  };
  return {
    key,
    seal: (purpose, plaintext, context = "") => aeadSeal(key(purpose), plaintext, context),
    open: (purpose, sealed, context = "") => aeadOpen(key(purpose), sealed, context),
  };
}

/** The master secret: derived from a seed (deterministic tests) or random. */
export function masterSecretFromSeed(seed: string | undefined): Uint8Array {
  if (seed === undefined) return new Uint8Array(randomBytes(32));
  return new Uint8Array(hkdfSync("sha256", Buffer.from(seed, "utf8"), "latch-emulator-seed", "master-secret", 32));
}
