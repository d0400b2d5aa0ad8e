import { createPrivateKey, createPublicKey, pbkdf2 } from "node:crypto";
import { promisify } from "node:util";
import { entropyToMnemonic, generateMnemonic, validateMnemonic } from "@scure/bip39";
import { wordlist } from "@scure/bip39/wordlists/english.js";
import { HDKey } from "@scure/bip32";
import { ed25519 } from "@noble/curves/ed25519.js";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { base58 } from "@scure/base";
import { publicKeyToAddress } from "viem/accounts";
import { bytesToHex } from "./encoding";
import { slip10Ed25519 } from "./slip10";
import { deriveSecp256k1, type Secp256k1Arithmetic } from "./bip32";

export const EVM_PATH = "m/44'/60'/0'/0/0";
export const SOLANA_PATH = "m/44'/501'/0'/0'";

const pbkdf2Async = promisify(pbkdf2);

export interface WalletKeys {
  address: `0x${string}`;
  solanaAddress: string;
  evmPrivateKey: `0x${string}`;
  solanaPrivateKey: Uint8Array;
}

/** A new 12-word mnemonic; from 16 bytes of entropy when given (seeded, deterministic runs). */
export function newMnemonic(entropy?: Uint8Array): string {
  return entropy ? entropyToMnemonic(entropy.slice(0, 16), wordlist) : generateMnemonic(wordlist, 128);
}

/**
 * The wallet of a mnemonic: EVM key at EVM_PATH (BIP-32), Solana key at SOLANA_PATH (SLIP-10). With
 * `secp` (libsecp256k1, loaded by loadFastDerivation) the BIP-32 path costs a tenth of @scure/bip32's.
 */
export async function deriveWallet(mnemonic: string, secp?: Secp256k1Arithmetic): Promise<WalletKeys> {
  const seed = await mnemonicSeed(mnemonic);
  const evm = secp ? deriveSecp256k1(seed, EVM_PATH, secp) : scureDerive(seed);
  const solanaPrivateKey = slip10Ed25519(seed, SOLANA_PATH);
  return {
    address: publicKeyToAddress(`0x${bytesToHex(evm.publicKey)}`),
    solanaAddress: base58.encode(ed25519PublicKey(solanaPrivateKey)),
    evmPrivateKey: `0x${bytesToHex(evm.privateKey)}`,
    solanaPrivateKey,
  };
}

function scureDerive(seed: Uint8Array): { privateKey: Uint8Array; publicKey: Uint8Array } {
  const node = HDKey.fromMasterSeed(seed).derive(EVM_PATH);
  if (!node.privateKey || !node.publicKey) throw new Error("EVM key derivation failed");
  // BIP-32 has computed the public key already: decompressing it is cheaper than another point multiplication.
  return { privateKey: node.privateKey, publicKey: secp256k1.Point.fromBytes(node.publicKey).toBytes(false) };
}

/** RFC 8410's PKCS#8 prefix of a 32-byte Ed25519 private key. */
const ED25519_PKCS8_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");

/** The Ed25519 public key of a private key, by OpenSSL (a fifth of noble's CPU time). */
export function ed25519PublicKey(privateKey: Uint8Array): Uint8Array {
  const key = createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, privateKey]), format: "der", type: "pkcs8" });
  return new Uint8Array(createPublicKey(key).export({ format: "der", type: "spki" }).subarray(-32));
}

/**
 * libsecp256k1 for wallet derivation when tiny-secp256k1 loads and derives a probe mnemonic's wallet
 * exactly as @scure/bip32 does; undefined otherwise (derivation stays in JavaScript).
 */
export async function loadFastDerivation(load: () => Promise<Secp256k1Arithmetic> = () => import("tiny-secp256k1")): Promise<Secp256k1Arithmetic | undefined> {
  try {
    const secp = await load();
    const probe = "test test test test test test test test test test test junk";
    const [fast, reference] = await Promise.all([deriveWallet(probe, secp), deriveWallet(probe)]);
    return fast.evmPrivateKey === reference.evmPrivateKey && fast.address === reference.address ? secp : undefined;
  } catch {
    return undefined;
  }
}

/** The BIP-39 seed of a valid English mnemonic (no passphrase); throws "invalid mnemonic" otherwise. */
export async function mnemonicSeed(mnemonic: string): Promise<Uint8Array> {
  if (!isValidMnemonic(mnemonic)) throw new Error("invalid mnemonic");
  // node's pbkdf2 is the BIP-39 seed function (2048 × HMAC-SHA512) and much faster than a JS one.
  return new Uint8Array(await pbkdf2Async(mnemonic.normalize("NFKD"), "mnemonic", 2048, 64, "sha512"));
}

/** Whether the words form a BIP-39 mnemonic of the English list (12 to 24 words, checksum included). */
export function isValidMnemonic(mnemonic: string): boolean {
  return validateMnemonic(mnemonic, wordlist);
}

export function signSolanaMessage(keys: Pick<WalletKeys, "solanaPrivateKey">, message: Uint8Array): `0x${string}` {
  return `0x${bytesToHex(ed25519.sign(message, keys.solanaPrivateKey))}`;
}
