import { useMemo, useSyncExternalStore } from "react";
import type { Transaction } from "@solana/kit";
import { useKit } from "latch-kit/react";
import { disconnectSolanaWallet, signSolanaMessage, signSolanaTransaction } from "./actions";
import type { SolanaWalletConnection } from "./service";
import { getSolanaWallets } from "./source";

const DISCONNECTED: SolanaWalletConnection = { status: "disconnected" };

export interface UseSolanaWallet extends SolanaWalletConnection {
  /** ed25519 signature (64 bytes) by the connected wallet. */
  signMessage(message: Uint8Array | string): Promise<Uint8Array>;
  /** The transaction signed by the connected wallet (legacy or version 0). */
  signTransaction<T extends Transaction>(transaction: T): Promise<T>;
  disconnect(): Promise<void>;
}

/** The connected Solana wallet: status, base58 public key, wallet name, and signing through it. */
export function useSolanaWallet(): UseSolanaWallet {
  const kit = useKit();
  const wallets = getSolanaWallets(kit);
  const connection = useSyncExternalStore(wallets.subscribe, wallets.getConnection, () => DISCONNECTED);
  return useMemo(
    () => ({
      ...connection,
      signMessage: (message: Uint8Array | string) => signSolanaMessage(kit, message),
      signTransaction: <T extends Transaction>(transaction: T) => signSolanaTransaction(kit, transaction),
      disconnect: () => disconnectSolanaWallet(kit),
    }),
    [kit, connection],
  );
}
