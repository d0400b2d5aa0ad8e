// Sending a signed wire transaction through the JSON-RPC endpoint and confirming it. Confirmation
// polls getSignatureStatuses (no websocket needed) until the commitment is reached, the transaction
// fails, the block height passes the blockhash's last valid height (when known), or time runs out.
import type { Signature } from "@solana/kit";
import { pause } from "latch-kit";
import type { Commitment, SolanaEndpoint } from "./endpoint";
import { SolanaTransactionError } from "./errors";
import { solanaRpcRequest } from "./rpc";

/** How to wait for a Solana transaction: commitment, polling, expiry and time limit. */
export interface ConfirmSolanaTransactionOptions {
  /** The blockhash's last valid block height: past it, an unseen transaction has expired. */
  lastValidBlockHeight?: bigint | undefined;
  /** Default: the endpoint's (confirmed unless configured). */
  commitment?: Commitment | undefined;
  /** How often to poll the signature status (default 400 ms, a slot). */
  pollIntervalMs?: number | undefined;
  /** Give up confirming after this long (default 60 s). */
  timeoutMs?: number | undefined;
  /** The fetch to use; default the global one. */
  fetch?: typeof fetch | undefined;
  /** Stops confirming at once: the pending poll or pause rejects with the signal's reason. */
  signal?: AbortSignal | undefined;
}

const RANK: Record<Commitment, number> = { processed: 0, confirmed: 1, finalized: 2 };

interface SignatureStatus {
  err: unknown;
  confirmationStatus?: Commitment | null;
}

/** `sendTransaction` of a signed wire transaction (base64); returns its signature. */
export function submitSolanaTransaction(
  endpoint: SolanaEndpoint,
  base64WireTransaction: string,
  options: { commitment?: Commitment | undefined; skipPreflight?: boolean | undefined; fetch?: typeof fetch | undefined } = {},
): Promise<Signature> {
  const preflightCommitment = options.commitment ?? endpoint.commitment;
  return solanaRpcRequest<Signature>(
    endpoint,
    "sendTransaction",
    [base64WireTransaction, { encoding: "base64", preflightCommitment, ...(options.skipPreflight ? { skipPreflight: true } : {}) }],
    options.fetch,
  );
}

/** Waits until the signature reaches the commitment; throws if it failed, expired or took too long. */
export async function confirmSolanaTransaction(endpoint: SolanaEndpoint, signature: string, params: ConfirmSolanaTransactionOptions = {}): Promise<void> {
  const commitment = params.commitment ?? endpoint.commitment;
  const deadline = Date.now() + (params.timeoutMs ?? 60_000);
  for (;;) {
    params.signal?.throwIfAborted();
    const { value } = await solanaRpcRequest<{ value: (SignatureStatus | null)[] }>(
      endpoint,
      "getSignatureStatuses",
      [[signature], { searchTransactionHistory: false }],
      params.fetch,
      params.signal,
    );
    const status = value[0];
    if (status?.err) throw new SolanaTransactionError(`Transaction ${signature} failed: ${JSON.stringify(status.err)}`, { details: status.err });
    if (status?.confirmationStatus && RANK[status.confirmationStatus] >= RANK[commitment]) return;
    if (!status && params.lastValidBlockHeight !== undefined) {
      const height = await solanaRpcRequest<number>(endpoint, "getBlockHeight", [{ commitment }], params.fetch, params.signal);
      if (BigInt(height) > params.lastValidBlockHeight) {
        throw new SolanaTransactionError(`Transaction ${signature} expired: block height ${height} passed ${params.lastValidBlockHeight}`);
      }
    }
    if (Date.now() > deadline) throw new SolanaTransactionError(`Transaction ${signature} was not ${commitment} in time`);
    await pause(params.pollIntervalMs ?? 400, params.signal);
  }
}
