// The embedded Solana signer: the user's `solanaAddress` (an ed25519 key held by the signer backend)
// signs message bytes through `sign-payload` (hash function not applicable); a transaction is signed
// by signing its message bytes, for legacy and version 0 messages alike. The signature is trimmed to
// 64 bytes.
import { getEmbeddedSigner, type Kit, type User } from "latch-kit";
import type {
  Address,
  MessagePartialSigner,
  SignableMessage,
  SignatureBytes,
  SignatureDictionary,
  Transaction,
  TransactionPartialSigner,
} from "@solana/kit";
import { NoSolanaAddressError, UnsupportedTransactionVersionError } from "./errors";

/** The length of a Solana signature. */
export const SOLANA_SIGNATURE_BYTES = 64;

/** The user's embedded Solana key as a `@solana/kit` signer. */
export interface SolanaSigner extends TransactionPartialSigner, MessagePartialSigner {
  /** The user's Solana address (base58). */
  readonly address: Address;
  /** An ed25519 signature (64 bytes) over the message bytes (a string is signed as UTF-8). */
  signMessage(message: Uint8Array | string): Promise<Uint8Array>;
  /** The transaction with the user's signature added; legacy and version 0 transactions. */
  signTransaction<T extends Transaction>(transaction: T): Promise<T>;
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));

export function bytesToHex(bytes: Uint8Array): `0x${string}` {
  let out = "0x";
  for (const byte of bytes) out += HEX[byte];
  return out as `0x${string}`;
}

/** A signature from `sign-payload` (hex, with or without 0x) as 64 bytes: extra bytes are dropped. */
export function toSolanaSignature(signature: string): SignatureBytes {
  const hex = signature.startsWith("0x") || signature.startsWith("0X") ? signature.slice(2) : signature;
  if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) throw new Error("The signature is not a hex string");
  if (hex.length < SOLANA_SIGNATURE_BYTES * 2) {
    throw new Error(`The signature has ${hex.length / 2} bytes; an ed25519 signature has ${SOLANA_SIGNATURE_BYTES}`);
  }
  const bytes = new Uint8Array(SOLANA_SIGNATURE_BYTES);
  for (let i = 0; i < SOLANA_SIGNATURE_BYTES; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes as SignatureBytes;
}

/**
 * The version a message's first byte gives: 'legacy' (high bit clear), or the number after it.
 * Versions other than legacy and 0 are refused.
 */
export function transactionVersionOf(messageBytes: Uint8Array): "legacy" | 0 {
  const first = messageBytes[0] ?? 0;
  if ((first & 0x80) === 0) return "legacy";
  const version = first & 0x7f;
  if (version !== 0) throw new UnsupportedTransactionVersionError(version);
  return 0;
}

/** The signed-in user's Solana address, or the spec's error when there is none. */
export function requireSolanaAddress(kit: Kit, message?: string): Address {
  const user: User = getEmbeddedSigner(kit).requireUser();
  if (!user.solanaAddress) throw new NoSolanaAddressError(message);
  return user.solanaAddress as Address;
}

/** Signs bytes with the user's Solana key through the signer backend. */
export async function signSolanaBytes(kit: Kit, address: Address, bytes: Uint8Array): Promise<SignatureBytes> {
  const signature = await getEmbeddedSigner(kit).signRawPayload({
    payload: bytesToHex(bytes),
    hashFunction: "HASH_FUNCTION_NOT_APPLICABLE",
    signWith: address,
  });
  return toSolanaSignature(signature);
}

/**
 * The embedded Solana signer of the signed-in user. Throws 'No Solana address available for the
 * user' when the user has none (and 'Signer not authenticated' without a user).
 * Also a kit `TransactionPartialSigner` and `MessagePartialSigner`, so it can sign messages built
 * with `@solana/kit` (`signTransactionMessageWithSigners`).
 */
export function createSolanaSigner(kit: Kit): SolanaSigner {
  const address = requireSolanaAddress(kit);
  const sign = (bytes: Uint8Array) => signSolanaBytes(kit, address, bytes);
  const signatureFor = async (transaction: Transaction): Promise<SignatureBytes> => {
    transactionVersionOf(transaction.messageBytes as unknown as Uint8Array);
    if (!(address in transaction.signatures)) {
      throw new Error(`The transaction does not ask for a signature from ${address}`);
    }
    return sign(transaction.messageBytes as unknown as Uint8Array);
  };
  return Object.freeze({
    address,
    async signMessage(message: Uint8Array | string) {
      return sign(typeof message === "string" ? new TextEncoder().encode(message) : message);
    },
    async signTransaction<T extends Transaction>(transaction: T): Promise<T> {
      const signature = await signatureFor(transaction);
      return Object.freeze({ ...transaction, signatures: Object.freeze({ ...transaction.signatures, [address]: signature }) });
    },
    async signTransactions(transactions: readonly Transaction[]): Promise<readonly SignatureDictionary[]> {
      const out: SignatureDictionary[] = [];
      for (const transaction of transactions) out.push(Object.freeze({ [address]: await signatureFor(transaction) }));
      return out;
    },
    async signMessages(messages: readonly SignableMessage[]): Promise<readonly SignatureDictionary[]> {
      const out: SignatureDictionary[] = [];
      for (const message of messages) out.push(Object.freeze({ [address]: await sign(message.content) }));
      return out;
    },
  });
}
