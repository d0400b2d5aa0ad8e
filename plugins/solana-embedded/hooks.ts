import { useMemo } from "react";
import { useAction, useKit, useUser } from "latch-kit/react";
import type { AbortOptions } from "latch-kit";
import { createSolanaSigner, bytesToHex, type SolanaSigner } from "./signer";
import { NoSolanaAddressError, NO_SOLANA_ADDRESS_SHORT } from "./errors";
import { getSolanaEmbedded, type SolanaEndpoint } from "./service";
import { getSolanaConnection, type SolanaConnection } from "./connection";
import { sendSolanaTransaction, type SendSolanaTransactionOptions, type SendSolanaTransactionResult, type SolanaTransactionRequest } from "./transaction";

/**
 * The kit's Solana connection: `rpc` (a @solana/kit client), the endpoint, its network inferred
 * from the URL (mainnet, devnet, testnet, localnet) and the commitment (default confirmed).
 */
export function useSolanaConnection(): { connection: SolanaConnection } & SolanaConnection {
  const connection = getSolanaConnection(useKit());
  return { connection, ...connection };
}

/**
 * The signed-in user's embedded Solana signer ({address, signMessage, signTransaction}), or null
 * without a user or without a Solana address.
 */
export function useSolanaSigner(): SolanaSigner | null {
  const kit = useKit();
  const user = useUser();
  const address = user?.type === "sca" ? user.solanaAddress : undefined;
  return useMemo(() => (address ? createSolanaSigner(kit) : null), [kit, address]);
}

/** Signs a message (bytes or UTF-8 text) with the user's Solana key; the data is the 64-byte signature as hex. */
export function useSolanaSignMessage() {
  const kit = useKit();
  const { run, runAsync, isPending, error, data } = useAction(async ({ message }: { message: Uint8Array | string }) =>
    bytesToHex(await createSolanaSigner(kit).signMessage(message)),
  );
  return {
    /** Signs the message with the Solana key; it lands in `signedMessage`, a failure in `error`. */
    signMessage: run,
    /** Signs the message and returns the promise of the signature. */
    signMessageAsync: runAsync,
    signedMessage: data,
    data,
    isPending,
    error,
  };
}

/**
 * Sends a transfer or instructions from the user's Solana address: optionally sponsored through the
 * fee-payer request with `policyId` (default: the plugin's; null for none), signed with the embedded
 * signer, sent with the commitment (default confirmed) and confirmed.
 */
export function useSolanaTransaction(params: Omit<SendSolanaTransactionOptions, "fetch" | "policyId"> & { policyId?: string | null } = {}) {
  const kit = useKit();
  const signer = useSolanaSigner();
  const service = getSolanaEmbedded(kit);
  const { run, runAsync, isPending, error, data } = useAction(
    async (request: SolanaTransactionRequest & AbortOptions): Promise<SendSolanaTransactionResult> => {
      let current: SolanaSigner;
      try {
        current = createSolanaSigner(kit);
      } catch (error) {
        if (error instanceof NoSolanaAddressError) throw new NoSolanaAddressError(NO_SOLANA_ADDRESS_SHORT);
        throw error;
      }
      const { policyId, ...options } = params;
      const version = options.version ?? service.config.transactionVersion;
      return sendSolanaTransaction(service.endpoint, current, request, {
        ...options,
        signal: request.signal,
        policyId: policyId === null ? undefined : (policyId ?? service.config.policyId),
        ...(version !== undefined ? { version } : {}),
      });
    },
  );
  const endpoint: SolanaEndpoint = service.endpoint;
  return {
    /** Sends the transaction; the result lands in `data`, a failure in `error`. */
    sendTransaction: run,
    /** Sends the transaction and returns the promise of its result. */
    sendTransactionAsync: runAsync,
    data,
    isPending,
    error,
    signer,
    endpoint,
  };
}
