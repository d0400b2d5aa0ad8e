// Actions for the connected Solana wallet, each a plain function taking the kit first (usable without React).
import { getTransactionDecoder, getTransactionEncoder, type Transaction } from "@solana/kit";
import type { Kit } from "latch-kit";
import type { SolanaWalletConnection } from "./service";
import { getSolanaWallets } from "./source";

export function getSolanaWalletConnection(kit: Kit): SolanaWalletConnection {
  return getSolanaWallets(kit).getConnection();
}

/** Signs a message with the connected wallet (`solana:signMessage`): the 64-byte ed25519 signature. */
export function signSolanaMessage(kit: Kit, message: Uint8Array | string): Promise<Uint8Array> {
  return getSolanaWallets(kit).signMessage(message);
}

/**
 * Signs a transaction with the connected wallet (`solana:signTransaction`): a `@solana/kit`
 * Transaction (legacy or version 0) in, the same transaction with the wallet's signature out.
 */
export async function signSolanaTransaction<T extends Transaction>(kit: Kit, transaction: T): Promise<T> {
  const wire = getTransactionEncoder().encode(transaction) as Uint8Array;
  const signed = getTransactionDecoder().decode(await getSolanaWallets(kit).signTransactionBytes(wire));
  return { ...transaction, signatures: { ...transaction.signatures, ...signed.signatures } };
}

/** Ends the Solana wallet connection (logout does this too). */
export function disconnectSolanaWallet(kit: Kit): Promise<void> {
  return getSolanaWallets(kit).disconnectWallet();
}
