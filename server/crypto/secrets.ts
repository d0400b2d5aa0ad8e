import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/** Purposes of the keys derived from the master secret; one key per purpose. */
export type KeyPurpose = "otp-hash" | "wallet-at-rest" | "totp-at-rest" | "mfa-payload" | "verification-token" | "seeded-wallet" | "seeded-id" | "export-signing" | "idp-signing" | "idp-subject" | "frame-key";

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
    seal(purpose, plaintext, context = "") {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key(purpose), iv);
      cipher.setAAD(Buffer.from(context, "utf8"));
      const ct = Buffer.concat([cipher.update(plaintext), cipher.final()]);
      return new Uint8Array(Buffer.concat([iv, ct, cipher.getAuthTag()]));
    },
    open(purpose, sealed, context = "") {
      if (sealed.length < 28) throw new Error("sealed value too short");
      const buf = Buffer.from(sealed);
      const decipher = createDecipheriv("aes-256-gcm", key(purpose), buf.subarray(0, 12));
      decipher.setAAD(Buffer.from(context, "utf8"));
      decipher.setAuthTag(buf.subarray(buf.length - 16));
      return new Uint8Array(Buffer.concat([decipher.update(buf.subarray(12, buf.length - 16)), decipher.final()]));
    },
  };
}

/** The master secret: derived from a seed (deterministic tests) or random. */
export function masterSecretFromSeed(seed: string | undefined): Uint8Array {
  if (seed === undefined) return new Uint8Array(randomBytes(32));
  return new Uint8Array(hkdfSync("sha256", Buffer.from(seed, "utf8"), "latch-emulator-seed", "master-secret", 32));
}
