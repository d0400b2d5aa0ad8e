import { readFileSync } from "node:fs";
import type { Env } from "../db/config";
import { keyRing, localKeyEncryptionKey, type KeyRing } from "./keyEncryptionKey";

/**
 * `LATCH_SECRET_KEY` (or `LATCH_SECRET_KEY_FILE`, a file holding the same text): one or more
 * 32-byte keys, base64 or hex, separated by commas or whitespace. The first seals new records;
 * all of them open (keep an old key listed after a new one until `rotate-keys` has run).
 * Undefined when neither is set; a malformed value throws one line naming the variable.
 */
export function keyEncryptionKeysFromEnv(env: Env, readFile: (path: string) => string = (path) => readFileSync(path, "utf8")): KeyRing | undefined {
  const inline = env.LATCH_SECRET_KEY?.trim();
  const file = env.LATCH_SECRET_KEY_FILE?.trim();
  if (inline && file) throw new Error("LATCH_SECRET_KEY and LATCH_SECRET_KEY_FILE are both set: set one");
  if (!inline && !file) return undefined;
  const variable = inline ? "LATCH_SECRET_KEY" : "LATCH_SECRET_KEY_FILE";
  let text = inline ?? "";
  if (file) {
    try {
      text = readFile(file);
    } catch (error) {
      throw new Error(`LATCH_SECRET_KEY_FILE: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`, { cause: error });
    }
  }
  const parts = text.split(/[\s,]+/).filter(Boolean);
  if (parts.length === 0) throw new Error(`${variable} holds no key: expected 32 bytes as base64 or hex`);
  return keyRing(parts.map((part, index) => localKeyEncryptionKey(parseKey(part, `${variable}${parts.length > 1 ? ` (key ${index + 1})` : ""}`))));
}

function parseKey(text: string, where: string): Uint8Array {
  if (/^(0x)?[0-9a-fA-F]{64}$/.test(text)) return new Uint8Array(Buffer.from(text.replace(/^0x/, ""), "hex"));
  if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) {
    const bytes = Buffer.from(text, text.includes("-") || text.includes("_") ? "base64url" : "base64");
    if (bytes.length === 32) return new Uint8Array(bytes);
  }
  throw new Error(`${where} must be 32 bytes as base64 (44 characters) or hex (64 digits); generate one with: openssl rand -base64 32`);
}
