import { createHmac } from "node:crypto";

/** The two operations of libsecp256k1 (tiny-secp256k1) BIP-32 private derivation needs. */
export interface Secp256k1Arithmetic {
  pointFromScalar(privateKey: Uint8Array, compressed?: boolean): Uint8Array | null;
  privateAdd(privateKey: Uint8Array, tweak: Uint8Array): Uint8Array | null;
}

const HARDENED = 0x80000000;

/**
 * BIP-32 private derivation of `path` (e.g. m/44'/60'/0'/0/0) from a BIP-39 seed, with libsecp256k1:
 * a public key is computed only where a non-hardened step needs its parent's, and once at the end
 * (@scure/bip32 computes one per level, in JavaScript). Returns the key and its uncompressed public key.
 */
export function deriveSecp256k1(seed: Uint8Array, path: string, secp: Secp256k1Arithmetic): { privateKey: Uint8Array; publicKey: Uint8Array } {
  let node = createHmac("sha512", "Bitcoin seed").update(seed).digest();
  let key: Uint8Array = node.subarray(0, 32);
  for (const index of parsePath(path)) {
    const data = Buffer.alloc(37);
    if (index >= HARDENED) data.set(key, 1);
    else data.set(publicKeyOf(key, secp, true), 0);
    data.writeUInt32BE(index, 33);
    node = createHmac("sha512", node.subarray(32)).update(data).digest();
    // null: a zero key (probability about 2^-127); a tweak at or over the order throws. BIP-32 skips such an index; we refuse the path.
    const child = secp.privateAdd(key, node.subarray(0, 32));
    if (!child) throw new Error(`BIP-32: ${path} leads to an invalid key`);
    key = child;
  }
  return { privateKey: Uint8Array.from(key), publicKey: publicKeyOf(key, secp, false) };
}

function publicKeyOf(key: Uint8Array, secp: Secp256k1Arithmetic, compressed: boolean): Uint8Array {
  const point = secp.pointFromScalar(key, compressed);
  if (!point) throw new Error("BIP-32: invalid private key");
  return point;
}

function parsePath(path: string): number[] {
  const [root, ...segments] = path.split("/");
  if (root !== "m") throw new Error(`invalid derivation path ${path}`);
  return segments.map((segment) => {
    const match = /^(\d+)('?)$/.exec(segment);
    if (!match || Number(match[1]) >= HARDENED) throw new Error(`invalid derivation path ${path}`);
    return (Number(match[1]) + (match[2] ? HARDENED : 0)) >>> 0;
  });
}
