import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/** AES-256-GCM: iv (12) ‖ ciphertext ‖ tag (16), the context bound as additional data. */
export function aeadSeal(key: Uint8Array, plaintext: Uint8Array, context: string): Uint8Array {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(context, "utf8"));
  const ct = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return new Uint8Array(Buffer.concat([iv, ct, cipher.getAuthTag()]));
}

export function aeadOpen(key: Uint8Array, sealed: Uint8Array, context: string): Uint8Array {
  if (sealed.length < 28) throw new Error("sealed value too short");
  const buf = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
  const decipher = createDecipheriv("aes-256-gcm", key, buf.subarray(0, 12));
  decipher.setAAD(Buffer.from(context, "utf8"));
  decipher.setAuthTag(buf.subarray(buf.length - 16));
  return new Uint8Array(Buffer.concat([decipher.update(buf.subarray(12, buf.length - 16)), decipher.final()]));
}
