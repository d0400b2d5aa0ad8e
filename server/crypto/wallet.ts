import { pbkdf2 } from "node:crypto";
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

export async function deriveWallet(mnemonic: string): Promise<WalletKeys> {
  const seed = await mnemonicSeed(mnemonic);
  const evmNode = HDKey.fromMasterSeed(seed).derive(EVM_PATH);
  const evmKey = evmNode.privateKey;
  if (!evmKey || !evmNode.publicKey) throw new Error("EVM key derivation failed");
  const evmPrivateKey = `0x${bytesToHex(evmKey)}` as const;
  const solanaPrivateKey = slip10Ed25519(seed, SOLANA_PATH);
  return {
    // BIP-32 has computed the public key already: decompressing it is cheaper than another point multiplication.
    address: publicKeyToAddress(`0x${bytesToHex(secp256k1.Point.fromBytes(evmNode.publicKey).toBytes(false))}`),
    solanaAddress: base58.encode(ed25519.getPublicKey(solanaPrivateKey)),
    evmPrivateKey,
    solanaPrivateKey,
  };
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
