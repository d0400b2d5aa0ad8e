import { sign as nobleSign } from "viem/accounts";
import { bytesToHex, hexToBytes } from "./encoding";

/** Signs 32-byte hashes with secp256k1 keys as EVM signatures: 65-byte r‖s‖v, v = 27 | 28, low s, RFC 6979 nonces. */
export interface EvmHashSigner {
  /** Which implementation signs (logged once at start). */
  readonly implementation: string;
  /** Why the faster implementation is not the one signing, when it is not. */
  readonly fallbackReason?: string;
  sign(privateKey: `0x${string}`, hash: `0x${string}`): Promise<`0x${string}`>;
}

/** The subset of tiny-secp256k1's API this signer uses. */
export interface RecoverableSigner {
  signRecoverable(hash: Uint8Array, privateKey: Uint8Array): { signature: Uint8Array; recoveryId: number };
}

export const NOBLE_IMPLEMENTATION = "noble (JavaScript, viem)";
export const LIBSECP256K1_IMPLEMENTATION = "libsecp256k1 (WebAssembly, tiny-secp256k1)";

/** viem's signer (noble, pure JavaScript): runs wherever the server runs. */
export function nobleEvmSigner(fallbackReason?: string): EvmHashSigner {
  return {
    implementation: NOBLE_IMPLEMENTATION,
    ...(fallbackReason ? { fallbackReason } : {}),
    sign: (privateKey, hash) => nobleSign({ hash, privateKey, to: "hex" }),
  };
}

/** libsecp256k1 through a loaded tiny-secp256k1: the same deterministic signatures, about 2.5× less CPU. */
export function libsecp256k1EvmSigner(library: RecoverableSigner): EvmHashSigner {
  return {
    implementation: LIBSECP256K1_IMPLEMENTATION,
    sign: async (privateKey, hash) => {
      const { signature, recoveryId } = library.signRecoverable(hexToBytes(hash), hexToBytes(privateKey));
      return `0x${bytesToHex(signature)}${(27 + recoveryId).toString(16)}`;
    },
  };
}

/** A fixed key and hash both implementations must sign alike before the faster one is trusted. */
const PROBE_KEY = "0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318";
const PROBE_HASH = "0x1da44b586eb0729ff70a73c326926f6ed5a25f5b056e7f47fbc6e58d86871655";

/**
 * libsecp256k1 (WebAssembly) when it loads and signs the probe exactly as noble does; otherwise noble,
 * with the reason. `load` is tiny-secp256k1's import (its WebAssembly is compiled as the module loads).
 */
export async function loadEvmSigner(load: () => Promise<RecoverableSigner> = () => import("tiny-secp256k1")): Promise<EvmHashSigner> {
  let fast: EvmHashSigner;
  try {
    fast = libsecp256k1EvmSigner(await load());
    const [got, expected] = await Promise.all([fast.sign(PROBE_KEY, PROBE_HASH), nobleEvmSigner().sign(PROBE_KEY, PROBE_HASH)]);
    if (got !== expected) return nobleEvmSigner(`libsecp256k1 signed the probe differently (${got} instead of ${expected})`);
  } catch (error) {
    return nobleEvmSigner(`tiny-secp256k1 did not load: ${(error as Error).message}`);
  }
  return fast;
}
