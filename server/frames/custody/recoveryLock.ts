import { base32nopad, base64urlnopad } from "@scure/base";

/**
 * The recovery share at rest on the server: AES-256-GCM under a key the server never holds, made
 * from the user's passkey (the 32-byte output of its WebAuthn PRF extension, through HKDF) or from
 * a recovery code the user saved (PBKDF2-SHA256, many iterations: a code is guessed offline).
 * The wallet's addresses are the associated data: a box cannot be moved to another wallet.
 */
export interface RecoveryBox {
  v: 1;
  kind: RecoveryKind;
  salt: string;
  iv: string;
  ciphertext: string;
  /** A passkey box: the PRF input (base64url, 32 bytes) the passkey evaluates to unlock it. */
  prfSalt?: string;
  /** A passkey box: the id of the passkey (base64url) whose PRF locked it. */
  credentialId?: string;
}

export type RecoveryKind = "passkey" | "code";

/** What unlocks a recovery box: a passkey's PRF output, or the code. */
export type RecoverySecret = { kind: "passkey"; prfOutput: Uint8Array; prf?: PasskeyPrfInput } | { kind: "code"; code: string };

/** What the passkey needs to evaluate its PRF again for a box: the salt and the credential (kept with the box). */
export interface PasskeyPrfInput {
  prfSalt: string;
  credentialId: string;
}

export const RECOVERY_CODE_ITERATIONS = 600_000;
const CODE_GROUPS = 5;
const CODE_GROUP_LENGTH = 4;

/** A new recovery code: 20 base-32 characters (100 bits) in groups of four, easy to write down. */
export function newRecoveryCode(): string {
  const text = base32nopad.encode(crypto.getRandomValues(new Uint8Array(13))).slice(0, CODE_GROUPS * CODE_GROUP_LENGTH);
  return text.match(new RegExp(`.{${CODE_GROUP_LENGTH}}`, "g"))!.join("-");
}

/** The code as typed: case, spaces and dashes do not matter. */
export function normalizeRecoveryCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, "");
}

export function isRecoveryCode(code: string): boolean {
  return /^[A-Z2-7]{20}$/.test(normalizeRecoveryCode(code));
}

async function boxKey(secret: RecoverySecret, salt: Uint8Array): Promise<CryptoKey> {
  const encoder = new TextEncoder();
  if (secret.kind === "passkey") {
    if (secret.prfOutput.length < 32) throw new Error("a passkey PRF output is 32 bytes");
    const base = await crypto.subtle.importKey("raw", secret.prfOutput.slice(), "HKDF", false, ["deriveKey"]);
    return crypto.subtle.deriveKey(
      { name: "HKDF", hash: "SHA-256", salt: salt.slice(), info: encoder.encode("latch recovery share v1") },
      base,
      { name: "AES-GCM", length: 256 },
      false,
      ["encrypt", "decrypt"],
    );
  }
  if (!isRecoveryCode(secret.code)) throw new Error("a recovery code is 20 letters and digits (A–Z, 2–7)");
  const base = await crypto.subtle.importKey("raw", encoder.encode(normalizeRecoveryCode(secret.code)), "PBKDF2", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(
    { name: "PBKDF2", hash: "SHA-256", salt: salt.slice(), iterations: RECOVERY_CODE_ITERATIONS },
    base,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

function boxContext(addresses: { address: string; solanaAddress: string }): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(`latch-recovery-share\n${addresses.address.toLowerCase()}\n${addresses.solanaAddress}`);
}

export async function lockRecoveryShare(share: Uint8Array, secret: RecoverySecret, addresses: { address: string; solanaAddress: string }): Promise<RecoveryBox> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const key = await boxKey(secret, salt);
  const ciphertext = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: boxContext(addresses) }, key, share.slice()));
  const passkey = secret.kind === "passkey" && secret.prf ? { prfSalt: secret.prf.prfSalt, credentialId: secret.prf.credentialId } : {};
  return { v: 1, kind: secret.kind, salt: base64urlnopad.encode(salt), iv: base64urlnopad.encode(iv), ciphertext: base64urlnopad.encode(ciphertext), ...passkey };
}

/** Thrown when the passkey or code is not the one the box was locked with. */
export class WrongRecoverySecretError extends Error {
  override readonly name = "WrongRecoverySecretError";
}

export async function unlockRecoveryShare(box: RecoveryBox, secret: RecoverySecret, addresses: { address: string; solanaAddress: string }): Promise<Uint8Array> {
  if (box.v !== 1) throw new Error(`recovery box version ${String(box.v)} is not known`);
  if (box.kind !== secret.kind) throw new Error(`this wallet's recovery share is locked by a ${box.kind === "code" ? "recovery code" : "passkey"}`);
  const key = await boxKey(secret, base64urlnopad.decode(box.salt));
  try {
    return new Uint8Array(
      await crypto.subtle.decrypt(
        { name: "AES-GCM", iv: new Uint8Array(base64urlnopad.decode(box.iv)), additionalData: boxContext(addresses) },
        key,
        new Uint8Array(base64urlnopad.decode(box.ciphertext)),
      ),
    );
  } catch (error) {
    throw new WrongRecoverySecretError(secret.kind === "code" ? "the recovery code does not open this wallet's recovery share" : "this passkey does not open this wallet's recovery share", { cause: error });
  }
}

/** The passkey and PRF input of a passkey box (a box locked before they were kept has none). */
export function passkeyPrfInput(box: RecoveryBox): PasskeyPrfInput {
  if (box.kind !== "passkey" || !box.prfSalt || !box.credentialId) throw new Error("this wallet's recovery share is not locked by a passkey");
  return { prfSalt: box.prfSalt, credentialId: box.credentialId };
}

const BASE64URL = /^[A-Za-z0-9_-]{1,1400}$/;

/** A box as stored (JSON text), checked field by field: the server keeps it without reading it. */
export function parseRecoveryBox(text: string): RecoveryBox {
  const value = JSON.parse(text) as Partial<RecoveryBox> | null;
  if (
    !value ||
    value.v !== 1 ||
    (value.kind !== "passkey" && value.kind !== "code") ||
    typeof value.salt !== "string" ||
    typeof value.iv !== "string" ||
    typeof value.ciphertext !== "string"
  ) {
    throw new Error("not a recovery box");
  }
  const box: RecoveryBox = { v: 1, kind: value.kind, salt: value.salt, iv: value.iv, ciphertext: value.ciphertext };
  if (value.kind !== "passkey" || (value.prfSalt === undefined && value.credentialId === undefined)) return box;
  if (typeof value.prfSalt !== "string" || !BASE64URL.test(value.prfSalt) || typeof value.credentialId !== "string" || !BASE64URL.test(value.credentialId)) {
    throw new Error("a passkey recovery box names its passkey and PRF salt (base64url)");
  }
  return { ...box, prfSalt: value.prfSalt, credentialId: value.credentialId };
}
