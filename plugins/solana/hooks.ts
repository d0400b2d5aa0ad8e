import { useMemo, useSyncExternalStore } from "react";
import type { Transaction } from "@solana/kit";
import { useKit } from "latch-kit/react";
import { disconnectSolanaWallet, sendSolanaWalletTransaction, signInWithSolana, signSolanaMessage, signSolanaTransaction } from "./actions";
import type { SendSolanaWalletTransactionOptions, SendSolanaWalletTransactionResult } from "./send";
import type { SolanaWalletConnection } from "./service";
import type { SolanaSignInInput, SolanaSignInOutput } from "./sign-in";
import { getSolanaWallets } from "./source";

const DISCONNECTED: SolanaWalletConnection = { status: "disconnected" };

export interface UseSolanaWallet extends SolanaWalletConnection {
  /** ed25519 signature (64 bytes) by the connected wallet. */
  signMessage(message: Uint8Array | string): Promise<Uint8Array>;
  /** The transaction signed by the connected wallet (legacy or version 0). */
  signTransaction<T extends Transaction>(transaction: T): Promise<T>;
  /** Sent through the wallet (or signed by it and sent by the plugin's RPC endpoint), then confirmed. */
  sendTransaction(transaction: Transaction, options?: SendSolanaWalletTransactionOptions): Promise<SendSolanaWalletTransactionResult>;
  /** Sign in with Solana; the wallet's answer verified before it is returned. */
  signIn(input?: SolanaSignInInput): Promise<SolanaSignInOutput>;
  /** Disconnects the wallet and signs its user out. */
  disconnect(): Promise<void>;
}

/** The connected Solana wallet: status, base58 public key, wallet name; signing, sending and sign-in through it. */
export function useSolanaWallet(): UseSolanaWallet {
  const kit = useKit();
  const wallets = getSolanaWallets(kit);
  const connection = useSyncExternalStore(wallets.subscribe, wallets.getConnection, () => DISCONNECTED);
  return useMemo(
    () => ({
      ...connection,
      signMessage: (message: Uint8Array | string) => signSolanaMessage(kit, message),
      signTransaction: <T extends Transaction>(transaction: T) => signSolanaTransaction(kit, transaction),
      sendTransaction: (transaction: Transaction, options?: SendSolanaWalletTransactionOptions) => sendSolanaWalletTransaction(kit, transaction, options),
      signIn: (input?: SolanaSignInInput) => signInWithSolana(kit, input),
      disconnect: () => disconnectSolanaWallet(kit),
    }),
    [kit, connection],
  );
}
