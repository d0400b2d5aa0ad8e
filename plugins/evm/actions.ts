// Actions for the external EVM wallet, each a plain function taking the kit first (usable without React).
import { sendTransaction as wagmiSendTransaction, signMessage as wagmiSignMessage, signTypedData as wagmiSignTypedData } from "@wagmi/core";
import type { Address, Chain, Hex, SignableMessage, TypedDataDefinition } from "viem";
import { isAbortError, untilAborted, type Kit } from "latch-kit";
import { WalletNotConnectedError, toWalletError } from "../../lib/wallets/index";
import { getEvmWallet } from "./source";
import type { WalletConnection } from "./service";

/** The external EVM wallet's connection: status, address, chain and connector. */
export function getWalletConnection(kit: Kit): WalletConnection {
  return getEvmWallet(kit).getConnection();
}

/** The chain to switch the wallet to. */
export interface SwitchChainParameters {
  chainId: number;
  /** Aborting rejects at once with the signal's reason (the wallet's own prompt may stay open: EIP-1193 has no cancel). */
  signal?: AbortSignal;
}
/** The chain the wallet is on now. */
export type SwitchChainReturnType = Chain;

/** Switches the wallet's chain: 4902 adds the chain first; 'Chain not configured' for a chain the app lacks; a rejection stays a rejection. */
export function switchChain(kit: Kit, { chainId, signal }: SwitchChainParameters): Promise<SwitchChainReturnType> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  return untilAborted(getEvmWallet(kit).switchChain(chainId), signal);
}

/** A transaction for the external wallet to sign and send. */
export interface SendTransactionParameters {
  to: Address;
  value?: bigint;
  data?: Hex;
  /** Chain to send on; default the wallet's. */
  chainId?: number;
  gas?: bigint;
  /** Aborting rejects at once with the signal's reason (the wallet's own prompt may stay open: EIP-1193 has no cancel). */
  signal?: AbortSignal;
}
/** The transaction's hash. */
export type SendTransactionReturnType = Hex;

/** Sends a transaction from the connected wallet (the wallet signs and broadcasts); returns its hash. */
export async function sendTransaction(kit: Kit, params: SendTransactionParameters): Promise<SendTransactionReturnType> {
  const config = connectedConfig(kit);
  const { signal, ...transaction } = params;
  signal?.throwIfAborted();
  try {
    return await untilAborted(wagmiSendTransaction(config, transaction), signal);
  } catch (error) {
    throw isAbortError(error) ? error : toWalletError(error);
  }
}

function connectedConfig(kit: Kit) {
  const wallet = getEvmWallet(kit);
  const config = wallet.config();
  if (!config || wallet.getConnection().status !== "connected") throw new WalletNotConnectedError();
  return config;
}

/** Account signer for 'eoa' users: the generic sign actions and hooks route here. */
export const eoaAccountSigner = {
  userType: "eoa" as const,
  /** Signs a message with the connected wallet. */
  async signMessage(kit: Kit, message: SignableMessage): Promise<Hex> {
    try {
      return await wagmiSignMessage(connectedConfig(kit), { message });
    } catch (error) {
      throw toWalletError(error);
    }
  },
  /** Signs EIP-712 typed data with the connected wallet. */
  async signTypedData(kit: Kit, typedData: TypedDataDefinition): Promise<Hex> {
    try {
      return await wagmiSignTypedData(connectedConfig(kit), typedData as never);
    } catch (error) {
      throw toWalletError(error);
    }
  },
};
