import { useSyncExternalStore } from "react";
import type { Chain } from "viem";
import { useAction, useKit } from "latch-kit/react";
import { sendTransaction, switchChain, type SendTransactionParameters, type SwitchChainParameters } from "./actions";
import type { WalletConnection } from "./service";
import { getEvmWallet } from "./source";

const DISCONNECTED: WalletConnection = { status: "disconnected" };

/** The external wallet's connection: status (disconnected, connecting, reconnecting, connected), address, chain, connector. */
export function useWalletConnection(): WalletConnection {
  const wallet = getEvmWallet(useKit());
  return useSyncExternalStore(wallet.subscribe, wallet.getConnection, () => DISCONNECTED);
}

/** Switch the wallet's chain: `{ switchChain, switchChainAsync, chainId, chains, isPending, error }`. */
export function useChainSwitch() {
  const kit = useKit();
  const { chainId } = useWalletConnection();
  const { run, runAsync, isPending, error } = useAction((params: SwitchChainParameters) => switchChain(kit, params));
  const chains: readonly Chain[] = getEvmWallet(kit).chains;
  return {
    /** Switches the wallet to `{ chainId }`; a failure lands in `error`. */
    switchChain: run,
    /** Switches the chain and returns the promise of the new chain. */
    switchChainAsync: runAsync,
    chainId,
    chains,
    isPending,
    error,
  };
}

/**
 * Send a transaction from the connected wallet: `{ sendTransaction, sendTransactionAsync, hash, isPending, error }`.
 *
 * @example
 * const { sendTransaction, hash } = useSendTransaction();
 * sendTransaction({ to, value: parseEther("0.01") });
 */
export function useSendTransaction() {
  const kit = useKit();
  const { run, runAsync, isPending, error, data } = useAction((params: SendTransactionParameters) => sendTransaction(kit, params));
  return {
    /** Sends `{ to, value, data }` from the wallet; the hash lands in `hash`, a failure in `error`. */
    sendTransaction: run,
    /** Sends the transaction and returns the promise of its hash. */
    sendTransactionAsync: runAsync,
    hash: data,
    isPending,
    error,
  };
}
