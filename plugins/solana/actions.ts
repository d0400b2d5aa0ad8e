// Actions for the connected Solana wallet, each a plain function taking the kit first (usable without React).
import { getTransactionDecoder, getTransactionEncoder, type Transaction } from "@solana/kit";
import { untilAborted, type AbortOptions, type Kit } from "latch-kit";
import type { SolanaWalletConnection } from "./service";
import { sendWithWallet, type SendSolanaWalletTransactionOptions, type SendSolanaWalletTransactionResult } from "./send";
import { signInWithWallet, type SolanaSignInInput, type SolanaSignInOutput } from "./sign-in";
import { getSolanaWallets } from "./source";

/** The external Solana wallet's connection. */
export function getSolanaWalletConnection(kit: Kit): SolanaWalletConnection {
  return getSolanaWallets(kit).getConnection();
}

/** Signs a message with the connected wallet (`solana:signMessage`): the 64-byte ed25519 signature. */
export function signSolanaMessage(kit: Kit, message: Uint8Array | string, options: AbortOptions = {}): Promise<Uint8Array> {
  return untilAborted(getSolanaWallets(kit).signMessage(message), options.signal);
}

/**
 * Signs a transaction with the connected wallet (`solana:signTransaction`): a `@solana/kit`
 * Transaction (legacy or version 0) in, the same transaction with the wallet's signature out.
 */
export async function signSolanaTransaction<T extends Transaction>(kit: Kit, transaction: T, options: AbortOptions = {}): Promise<T> {
  const wire = getTransactionEncoder().encode(transaction) as Uint8Array;
  const signed = getTransactionDecoder().decode(await untilAborted(getSolanaWallets(kit).signTransactionBytes(wire), options.signal));
  return { ...transaction, signatures: { ...transaction.signatures, ...signed.signatures } };
}

/**
 * Sends a transaction (legacy or version 0, the wallet its fee payer or a signer) through the
 * connected wallet — `solana:signAndSendTransaction`, else signed by the wallet and sent by the
 * plugin's RPC endpoint — and waits until it is confirmed (default commitment confirmed).
 */
export function sendSolanaWalletTransaction(
  kit: Kit,
  transaction: Transaction,
  options?: SendSolanaWalletTransactionOptions,
): Promise<SendSolanaWalletTransactionResult> {
  return sendWithWallet(getSolanaWallets(kit), transaction, options);
}

/**
 * Sign in with Solana (`solana:signIn`, or the sign-in text through `solana:signMessage`) with the
 * connected wallet; the answer is verified (message, key, ed25519 signature) before it is returned.
 */
export function signInWithSolana(kit: Kit, input?: SolanaSignInInput, options: AbortOptions = {}): Promise<SolanaSignInOutput> {
  return untilAborted(signInWithWallet(getSolanaWallets(kit), input), options.signal);
}

/** Ends the Solana wallet connection (logout does this too). */
export function disconnectSolanaWallet(kit: Kit): Promise<void> {
  return getSolanaWallets(kit).disconnectWallet();
}
