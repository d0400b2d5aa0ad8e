import { entropyToMnemonic } from "@scure/bip39";
import { wordlist } from "@scure/bip39/wordlists/english.js";
import { HDKey } from "@scure/bip32";
import { ed25519 } from "@noble/curves/ed25519.js";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { hmac } from "@noble/hashes/hmac.js";
import { sha512 } from "@noble/hashes/sha2.js";
import { base58, hex } from "@scure/base";
import { publicKeyToAddress } from "viem/accounts";

/** The same accounts the server derives for a wallet (server/crypto/wallet.ts): EVM account 0 and Solana account 0. */
export const EVM_PATH = "m/44'/60'/0'/0/0";
export const SOLANA_PATH = "m/44'/501'/0'/0'";

export interface SplitWalletKeys {
  address: `0x${string}`;
  solanaAddress: string;
  evmPrivateKey: Uint8Array;
  solanaPrivateKey: Uint8Array;
}

/** Fresh wallet entropy (12 words), from the platform's CSPRNG. */
export function newEntropy(): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(16));
}

export function mnemonicOf(entropy: Uint8Array): string {
  return entropyToMnemonic(entropy, wordlist);
}

/** BIP-39 seed through WebCrypto's PBKDF2 (2048 × HMAC-SHA512), far faster than a JavaScript one. */
async function seedOf(mnemonic: string): Promise<Uint8Array> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey("raw", encoder.encode(mnemonic.normalize("NFKD")), "PBKDF2", false, ["deriveBits"]);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-512", salt: encoder.encode("mnemonic"), iterations: 2048 }, key, 512));
}

/** SLIP-0010 ed25519 key of a path of hardened indices (the server's slip10Ed25519, without Node's Buffer). */
function slip10Ed25519(seed: Uint8Array, path: string): Uint8Array {
  let node = hmac(sha512, new TextEncoder().encode("ed25519 seed"), seed);
  for (const segment of path.split("/").slice(1)) {
    const data = new Uint8Array(37);
    data.set(node.subarray(0, 32), 1);
    new DataView(data.buffer).setUint32(33, (Number(segment.replace("'", "")) + 0x80000000) >>> 0, false);
    node = hmac(sha512, node.subarray(32), data);
  }
  return node.slice(0, 32);
}

/** The wallet's signing keys and addresses; callers wipe the keys after use (`wipeKeys`). */
export async function keysFromEntropy(entropy: Uint8Array): Promise<SplitWalletKeys> {
  const seed = await seedOf(mnemonicOf(entropy));
  try {
    const evm = HDKey.fromMasterSeed(seed).derive(EVM_PATH);
    if (!evm.privateKey || !evm.publicKey) throw new Error("EVM key derivation failed");
    const solanaPrivateKey = slip10Ed25519(seed, SOLANA_PATH);
    return {
      address: publicKeyToAddress(`0x${hex.encode(secp256k1.Point.fromBytes(evm.publicKey).toBytes(false))}`),
      solanaAddress: base58.encode(ed25519.getPublicKey(solanaPrivateKey)),
      evmPrivateKey: evm.privateKey.slice(),
      solanaPrivateKey,
    };
  } finally {
    seed.fill(0);
  }
}

export function wipeKeys(keys: SplitWalletKeys): void {
  keys.evmPrivateKey.fill(0);
  keys.solanaPrivateKey.fill(0);
}
