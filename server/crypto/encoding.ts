import { createBase58check } from "@scure/base";
import { sha256 } from "@noble/hashes/sha2.js";

export const bs58check = createBase58check(sha256);

const HEX = /^[0-9a-fA-F]*$/;

export function isHex(value: string): boolean {
  const digits = strip0x(value);
  return digits.length % 2 === 0 && HEX.test(digits);
}

export function strip0x(value: string): string {
  return value.startsWith("0x") || value.startsWith("0X") ? value.slice(2) : value;
}

export function hexToBytes(value: string): Uint8Array {
  const digits = strip0x(value);
  if (!isHex(digits)) throw new Error("not a hex string");
  return new Uint8Array(Buffer.from(digits, "hex"));
}

export function bytesToHex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("hex");
}

export function base64url(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64url");
}

export function fromBase64url(value: string): Uint8Array {
  return new Uint8Array(Buffer.from(value, "base64url"));
}

export function utf8(value: string): Uint8Array {
  return new TextEncoder().encode(value);
}

export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
