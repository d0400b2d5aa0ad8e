import { hkdfSync, randomBytes } from "node:crypto";
import { aeadOpen, aeadSeal } from "./aead";

/** Purposes of the engine's own keys derived from the master secret; one key per purpose (a method's keys: `forMethod`). */
export type KeyPurpose = "otp-hash" | "wallet-at-rest" | "totp-at-rest" | "mfa-payload" | "verification-token" | "seeded-wallet" | "seeded-id" | "export-signing" | "idp-signing" | "idp-subject" | "import-target" | "custody-target" | "member-pseudonym" | "known-client" | "custody-challenge";

export interface Secrets {
  /** A 32-byte key for one purpose, derived from the emulator master secret. */
  key(purpose: KeyPurpose): Uint8Array;
  seal(purpose: KeyPurpose, plaintext: Uint8Array, context?: string): Uint8Array;
  open(purpose: KeyPurpose, sealed: Uint8Array, context?: string): Uint8Array;
  /** The keys of one method, by labels it chooses: no two methods (nor a method and the engine) ever share one. */
  forMethod(methodId: string): MethodSecrets;
}

/** A method's keys (`ctx.secrets.forMethod(id)`): 32 bytes per label, stable for a server secret. */
export interface MethodSecrets {
  key(label: string): Uint8Array;
  /** AES-256-GCM under the label's key, bound to `context` (e.g. the row's id). */
  seal(label: string, plaintext: Uint8Array, context?: string): Uint8Array;
  open(label: string, sealed: Uint8Array, context?: string): Uint8Array;
}

/** HKDF's info for a method's key: both parts length-prefixed, so no id/label pair can name another's (or an engine purpose). */
function methodInfo(methodId: string, label: string): string {
  if (!methodId || !label) throw new Error("A method secret needs a method id and a label");
  const info = `method:${methodId.length}:${methodId}:${label.length}:${label}`;
  if (Buffer.byteLength(info) > 1024) throw new Error(`Method secret label too long: ${methodId}/${label}`);
  return info;
}

export function createSecrets(masterSecret: Uint8Array): Secrets {
  const cache = new Map<string, Uint8Array>();
  // The salt and the engine purposes' info strings are what every existing code hash, sealed row and signing key was made with.
  const derive = (info: string): Uint8Array => {
    let k = cache.get(info);
    if (!k) {
      k = new Uint8Array(hkdfSync("sha256", masterSecret, "latch-emulator", info, 32));
      cache.set(info, k);
    }
    return k;
  };
  const key = (purpose: KeyPurpose): Uint8Array => derive(purpose);
  return {
    key,
    seal: (purpose, plaintext, context = "") => aeadSeal(key(purpose), plaintext, context),
    open: (purpose, sealed, context = "") => aeadOpen(key(purpose), sealed, context),
    forMethod: (methodId) => {
      const methodKey = (label: string) => derive(methodInfo(methodId, label));
      return {
        key: methodKey,
        seal: (label, plaintext, context = "") => aeadSeal(methodKey(label), plaintext, context),
        open: (label, sealed, context = "") => aeadOpen(methodKey(label), sealed, context),
      };
    },
  };
}

/** The master secret: derived from a seed (deterministic tests) or random. */
export function masterSecretFromSeed(seed: string | undefined): Uint8Array {
  if (seed === undefined) return new Uint8Array(randomBytes(32));
  return new Uint8Array(hkdfSync("sha256", Buffer.from(seed, "utf8"), "latch-emulator-seed", "master-secret", 32));
}
