import { Aes256Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from "@hpke/core";
import { p256 } from "@noble/curves/nist.js";
import { base64url, bytesToHex, concatBytes, hexToBytes, utf8 } from "./encoding";
import { BUNDLE_HPKE_INFO } from "./bundle";
import { signedBundle } from "./exportBundle";
import type { Secrets } from "./secrets";

const suite = new CipherSuite({ kem: new DhkemP256HkdfSha256(), kdf: new HkdfSha256(), aead: new Aes256Gcm() });

/** The most a sealed secret may hold (a 24-word phrase is at most ~220 bytes). */
export const MAX_IMPORT_PLAINTEXT_BYTES = 1024;

/** A fresh P-256 key pair an import is sealed to: the public half uncompressed, hex. */
export function newImportTarget(): { publicKeyHex: string; privateKey: Uint8Array } {
  const privateKey = p256.utils.randomSecretKey();
  return { publicKeyHex: bytesToHex(p256.getPublicKey(privateKey, false)), privateKey };
}

/**
 * An import bundle: `{organizationId, userId, targetPublic}` signed by the emulator's bundle-signing
 * key (as export bundles are), so the import frame knows the target key comes from this server.
 */
export function signImportBundle(secrets: Secrets, targetPublic: string, organizationId: string, userId: string): string {
  return signedBundle(secrets, { organizationId, userId, targetPublic });
}

/** The encrypted bundle the import frame hands back: the secret HPKE-sealed to the target key, and which key. */
export interface EncryptedImportBundle {
  encappedPublic: string;
  ciphertext: string;
  targetPublic: string;
}

/** Parses an encrypted bundle; throws with the reason when it is not one. */
export function parseEncryptedBundle(text: string): EncryptedImportBundle {
  let value: Partial<Record<keyof EncryptedImportBundle, unknown>>;
  try {
    value = JSON.parse(text) as typeof value;
  } catch {
    throw new Error("encryptedBundle is not JSON");
  }
  if (!value || typeof value !== "object") throw new Error("encryptedBundle must be a JSON object");
  const { encappedPublic, ciphertext, targetPublic } = value;
  if (typeof encappedPublic !== "string" || !/^04[0-9a-f]{128}$/i.test(encappedPublic)) throw new Error("encryptedBundle.encappedPublic must be an uncompressed P-256 key (130 hex digits)");
  if (typeof targetPublic !== "string" || !/^04[0-9a-f]{128}$/i.test(targetPublic)) throw new Error("encryptedBundle.targetPublic must be the import bundle's target key (130 hex digits)");
  const most = 2 * (MAX_IMPORT_PLAINTEXT_BYTES + 16);
  if (typeof ciphertext !== "string" || !/^([0-9a-f]{2})+$/i.test(ciphertext) || ciphertext.length < 34 || ciphertext.length > most) {
    throw new Error(`encryptedBundle.ciphertext must be hex, 17 to ${most / 2} bytes`);
  }
  return { encappedPublic: encappedPublic.toLowerCase(), ciphertext: ciphertext.toLowerCase(), targetPublic: targetPublic.toLowerCase() };
}

/** Opens a secret sealed to the target key (info "turnkey_hpke", AAD = encapsulated key ‖ target key); throws when it does not open. */
export async function openImportBundle(bundle: EncryptedImportBundle, targetPrivateKey: Uint8Array): Promise<Uint8Array> {
  const receiver = hexToBytes(bundle.targetPublic);
  const recipientKey = await suite.kem.importKey(
    "jwk",
    { kty: "EC", crv: "P-256", d: base64url(targetPrivateKey), x: base64url(receiver.subarray(1, 33)), y: base64url(receiver.subarray(33)) },
    false,
  );
  const enc = hexToBytes(bundle.encappedPublic);
  const context = await suite.createRecipientContext({ recipientKey, enc: enc.slice().buffer, info: utf8(BUNDLE_HPKE_INFO).buffer as ArrayBuffer });
  return new Uint8Array(await context.open(hexToBytes(bundle.ciphertext).slice().buffer, concatBytes(enc, receiver).buffer as ArrayBuffer));
}
