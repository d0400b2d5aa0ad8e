import { createPublicKey, type KeyObject } from "node:crypto";
import { p256 } from "@noble/curves/nist.js";
import { base64url, bytesToHex, hexToBytes } from "./encoding";

export interface P256KeyPair {
  privateKey: Uint8Array;
  /** Compressed SEC1 public key, hex (the form API keys are registered under). */
  publicKeyCompressedHex: string;
}

export function newP256KeyPair(): P256KeyPair {
  const privateKey = p256.utils.randomSecretKey();
  return { privateKey, publicKeyCompressedHex: bytesToHex(p256.getPublicKey(privateKey, true)) };
}

/** Parses a SEC1 P-256 public key (compressed or not) given as hex; throws when not on the curve. */
export function p256PointFromHex(hex: string): { compressed: Uint8Array; uncompressed: Uint8Array } {
  const point = p256.Point.fromBytes(hexToBytes(hex));
  point.assertValidity();
  return { compressed: point.toBytes(true), uncompressed: point.toBytes(false) };
}

const keyObjects = new Map<string, KeyObject>();

/** A node:crypto verification key for a compressed public key, cached: verifying with node is ~10× faster than in JS. */
export function p256VerifyKey(compressedHex: string): KeyObject {
  let key = keyObjects.get(compressedHex);
  if (!key) {
    const { uncompressed } = p256PointFromHex(compressedHex);
    key = createPublicKey({
      key: { kty: "EC", crv: "P-256", x: base64url(uncompressed.subarray(1, 33)), y: base64url(uncompressed.subarray(33)) },
      format: "jwk",
    });
    // The oldest entry goes, not all of them: a busy server keeps its working set.
    if (keyObjects.size >= 50_000) keyObjects.delete(keyObjects.keys().next().value!);
    keyObjects.set(compressedHex, key);
  }
  return key;
}
