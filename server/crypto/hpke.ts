// HPKE base mode (RFC 9180) for one suite — DHKEM(P-256, HKDF-SHA256), HKDF-SHA256, AES-256-GCM —
// on node:crypto's synchronous primitives (OpenSSL's ECDH, HMAC and AES-GCM): the credential bundle of
// every sign-in and sign-up, and every export bundle, is sealed with it. @hpke/core on WebCrypto made the same bytes through a
// chain of async calls ≈ 15 % of a sign-up's CPU; test/server/hpke.test.ts checks the two agree
// byte for byte and open each other's ciphertexts.
import { createCipheriv, createECDH, createHmac, type ECDH } from "node:crypto";

const EMPTY = Buffer.alloc(0);
const VERSION = Buffer.from("HPKE-v1");
/** "KEM" ‖ kem_id 0x0010 (DHKEM(P-256, HKDF-SHA256)). */
const KEM_SUITE = Buffer.from([0x4b, 0x45, 0x4d, 0x00, 0x10]);
/** "HPKE" ‖ kem_id 0x0010 ‖ kdf_id 0x0001 (HKDF-SHA256) ‖ aead_id 0x0002 (AES-256-GCM). */
const HPKE_SUITE = Buffer.from([0x48, 0x50, 0x4b, 0x45, 0x00, 0x10, 0x00, 0x01, 0x00, 0x02]);
const MODE_BASE = Buffer.from([0x00]);

const extract = (salt: Buffer, ikm: Buffer) => createHmac("sha256", salt).update(ikm).digest();
const labeledExtract = (suite: Buffer, salt: Buffer, label: string, ikm: Uint8Array) => extract(salt, Buffer.concat([VERSION, suite, Buffer.from(label), ikm]));

/** LabeledExpand for up to one hash length (every output of this suite: 32-byte keys and secrets, the 12-byte nonce). */
function labeledExpand(suite: Buffer, prk: Buffer, label: string, info: Uint8Array, length: number): Buffer {
  const labeledInfo = Buffer.concat([Buffer.from([length >> 8, length & 0xff]), VERSION, suite, Buffer.from(label), info]);
  return createHmac("sha256", prk).update(labeledInfo).update(Buffer.from([1])).digest().subarray(0, length);
}

export interface HpkeSender {
  /** The encapsulated key: the ephemeral public key, uncompressed (65 bytes). */
  enc: Buffer;
  /** Seals the first (and only) message: ciphertext ‖ 16-byte tag. */
  seal(plaintext: Uint8Array, aad: Uint8Array): Buffer;
}

/**
 * A base-mode sender to `receiverUncompressed` (a 65-byte P-256 point; OpenSSL refuses one off the curve).
 * `ephemeral` is for known-answer tests only: by default a fresh key pair is made for each sender.
 */
export function hpkeSenderP256(receiverUncompressed: Uint8Array, info: Uint8Array, ephemeral?: ECDH): HpkeSender {
  const ecdh = ephemeral ?? createECDH("prime256v1");
  if (!ephemeral) ecdh.generateKeys();
  const enc = ecdh.getPublicKey();
  const receiver = Buffer.from(receiverUncompressed);
  const dh = ecdh.computeSecret(receiver);
  const eaePrk = labeledExtract(KEM_SUITE, EMPTY, "eae_prk", dh);
  const sharedSecret = labeledExpand(KEM_SUITE, eaePrk, "shared_secret", Buffer.concat([enc, receiver]), 32);
  const context = Buffer.concat([MODE_BASE, labeledExtract(HPKE_SUITE, EMPTY, "psk_id_hash", EMPTY), labeledExtract(HPKE_SUITE, EMPTY, "info_hash", info)]);
  const secret = labeledExtract(HPKE_SUITE, sharedSecret, "secret", EMPTY);
  const key = labeledExpand(HPKE_SUITE, secret, "key", context, 32);
  const nonce = labeledExpand(HPKE_SUITE, secret, "base_nonce", context, 12);
  let used = false;
  return {
    enc,
    seal(plaintext, aad) {
      // Sequence number 0 only: a second message would need the nonce XOR 1 (not needed here, so refused).
      if (used) throw new Error("this HPKE sender seals one message");
      used = true;
      const cipher = createCipheriv("aes-256-gcm", key, nonce);
      cipher.setAAD(aad);
      return Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
    },
  };
}
