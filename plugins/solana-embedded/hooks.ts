import { useMemo } from "react";
import { useAction, useKit, useUser } from "latch-kit/react";
import { createSolanaSigner, bytesToHex, type SolanaSigner } from "./signer";
import { NoSolanaAddressError, NO_SOLANA_ADDRESS_SHORT } from "./errors";
import { getSolanaEmbedded } from "./service";
import {
  sendSolanaTransaction,
  type SendSolanaTransactionOptions,
  type SendSolanaTransactionResult,
  type SolanaConnection,
  type SolanaTransactionRequest,
} from "./transaction";

/** The Solana RPC connection of the kit: `rpc` (a @solana/kit client), the endpoint and its inferred network. */
export function useSolanaConnection(): { connection: SolanaConnection } & SolanaConnection {
  const kit = useKit();
  const connection = getSolanaEmbedded(kit).connection;
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
  const { run, runAsync, isPending, error, data } = useAction(async ({ message }: { message: Uint8Array | string }) => {
    const signature = await createSolanaSigner(kit).signMessage(message);
    return bytesToHex(signature);
  });
  return { signMessage: run, signMessageAsync: runAsync, signedMessage: data, data, isPending, error };
}

/**
 * Sends a transfer or instructions from the user's Solana address: optionally sponsored through the
 * fee-payer request with `policyId` (default: the plugin's), signed with the embedded signer, sent
 * with the commitment (default confirmed) and confirmed.
 */
export function useSolanaTransaction(params: Omit<SendSolanaTransactionOptions, "fetch"> & { policyId?: string | null } = {}) {
  const kit = useKit();
  const signer = useSolanaSigner();
  const service = getSolanaEmbedded(kit);
  const { run, runAsync, isPending, error, data } = useAction(
    async (request: SolanaTransactionRequest): Promise<SendSolanaTransactionResult> => {
      let current: SolanaSigner;
      try {
        current = createSolanaSigner(kit);
      } catch (error) {
        if (error instanceof NoSolanaAddressError) throw new NoSolanaAddressError(NO_SOLANA_ADDRESS_SHORT);
        throw error;
      }
      const policyId = params.policyId === null ? undefined : (params.policyId ?? service.config.policyId);
      const version = params.version ?? service.config.transactionVersion;
      return sendSolanaTransaction(service.connection, current, request, {
        ...params,
        ...(policyId ? { policyId } : { policyId: undefined }),
        ...(version !== undefined ? { version } : {}),
      });
    },
  );
  return {
    sendTransaction: run,
    sendTransactionAsync: runAsync,
    data,
    isPending,
    error,
    signer,
    connection: service.connection,
  };
}
