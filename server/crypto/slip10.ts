import { hmac } from "@noble/hashes/hmac.js";
import { sha512 } from "@noble/hashes/sha2.js";
import { utf8 } from "./encoding";

const HARDENED = 0x80000000;

/** SLIP-0010 ed25519 private key for a path of hardened indices only (ed25519 has no public derivation). */
export function slip10Ed25519(seed: Uint8Array, path: string): Uint8Array {
  let node = hmac(sha512, utf8("ed25519 seed"), seed);
  for (const index of parseHardenedPath(path)) {
    const data = new Uint8Array(37);
    data.set(node.subarray(0, 32), 1);
    new DataView(data.buffer).setUint32(33, index, false);
    node = hmac(sha512, node.subarray(32), data);
  }
  return node.slice(0, 32);
}

function parseHardenedPath(path: string): number[] {
  const [root, ...segments] = path.split("/");
  if (root !== "m") throw new Error(`invalid derivation path ${path}`);
  return segments.map((segment) => {
    const match = /^(\d+)'$/.exec(segment);
    if (!match) throw new Error(`ed25519 derivation needs hardened indices only: ${path}`);
    return (Number(match[1]) + HARDENED) >>> 0;
  });
}
