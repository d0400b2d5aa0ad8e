// Building, sponsoring, signing, sending and confirming a Solana transaction for the embedded user.
import {
  AccountRole,
  appendTransactionMessageInstructions,
  compileTransaction,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type Blockhash,
  type Instruction,
  type Signature,
  type Transaction,
} from "@solana/kit";
import { requestFeePayer } from "./sponsorship";
import { solanaRpcRequest } from "../../lib/solana/rpc";
import { confirmSolanaTransaction, submitSolanaTransaction } from "../../lib/solana/send";
import type { Commitment, SolanaEndpoint, SolanaTransactionVersion } from "./service";
import type { SolanaSigner } from "./signer";
import { untilAborted, type AbortOptions } from "latch-kit";

/** The transaction versions the embedded signer builds. */
export const TRANSACTION_VERSIONS: readonly SolanaTransactionVersion[] = ["legacy", 0];
/** The System program's address. */
export const SYSTEM_PROGRAM_ADDRESS = "11111111111111111111111111111111" as Address;

/** What to send: a SOL transfer (lamports) or instructions. */
export type SolanaTransactionRequest =
  | { transfer: { amount: number | bigint; toAddress: string }; instructions?: never }
  | { instructions: readonly Instruction[]; transfer?: never };

/** How to send: sponsorship policy, transaction version, preflight and confirmation. */
export interface SendSolanaTransactionOptions extends AbortOptions {
  /** Sponsor the fee through the fee-payer request under this policy. */
  policyId?: string | undefined;
  /** Default: the endpoint's (confirmed unless configured). */
  commitment?: Commitment;
  /** Default 0 (a versioned transaction); "legacy" also works. */
  version?: SolanaTransactionVersion;
  skipPreflight?: boolean;
  /** How often to poll the signature status while confirming (default 400 ms, a slot). */
  pollIntervalMs?: number;
  /** Give up confirming after this long (default 60 s). */
  timeoutMs?: number;
  /** The fetch to use; default the global one. */
  fetch?: typeof fetch;
}

/** The sent transaction's signature, version, and whether it was sponsored. */
export interface SendSolanaTransactionResult {
  /** The transaction signature (base58): its id on chain. */
  hash: Signature;
  /** Whether the fee was paid by a sponsor. */
  sponsored: boolean;
  /** The version the transaction was sent as. */
  version: SolanaTransactionVersion;
}

/** The System program's Transfer instruction (index 2, then the lamports as u64 little-endian). */
export function transferSolInstruction(params: { source: Address; destination: Address; amount: number | bigint }): Instruction {
  const amount = BigInt(params.amount);
  if (amount < 0n || amount >= 2n ** 64n) throw new Error("The transfer amount must be a u64 number of lamports");
  const data = new Uint8Array(12);
  const view = new DataView(data.buffer);
  view.setUint32(0, 2, true);
  view.setBigUint64(4, amount, true);
  return {
    programAddress: SYSTEM_PROGRAM_ADDRESS,
    accounts: [
      { address: params.source, role: AccountRole.WRITABLE_SIGNER },
      { address: params.destination, role: AccountRole.WRITABLE },
    ],
    data,
  };
}

/** The instructions of a request (a SOL transfer becomes the System program's). */
export function instructionsOf(signer: { address: Address }, request: SolanaTransactionRequest): readonly Instruction[] {
  if (request.transfer) {
    return [transferSolInstruction({ source: signer.address, destination: request.transfer.toAddress as Address, amount: request.transfer.amount })];
  }
  if (!request.instructions?.length) throw new Error("Nothing to send: give a transfer or instructions");
  return request.instructions;
}

/** An unsigned transaction from the signer (its fee payer) with the latest blockhash. */
export async function buildSolanaTransaction(
  endpoint: SolanaEndpoint,
  signer: { address: Address },
  request: SolanaTransactionRequest,
  options: { version?: SolanaTransactionVersion; commitment?: Commitment; fetch?: typeof fetch } = {},
): Promise<{ transaction: Transaction; lastValidBlockHeight: bigint }> {
  const { value } = await solanaRpcRequest<{ value: { blockhash: Blockhash; lastValidBlockHeight: number } }>(
    endpoint,
    "getLatestBlockhash",
    [{ commitment: options.commitment ?? endpoint.commitment }],
    options.fetch,
  );
  const lifetime = { blockhash: value.blockhash, lastValidBlockHeight: BigInt(value.lastValidBlockHeight) };
  const message = appendTransactionMessageInstructions(
    instructionsOf(signer, request),
    setTransactionMessageLifetimeUsingBlockhash(lifetime, setTransactionMessageFeePayer(signer.address, createTransactionMessage({ version: options.version ?? 0 }))),
  );
  return { transaction: compileTransaction(message), lastValidBlockHeight: lifetime.lastValidBlockHeight };
}

/** Builds, optionally sponsors, signs with the embedded signer, sends and confirms. */
export async function sendSolanaTransaction(
  endpoint: SolanaEndpoint,
  signer: SolanaSigner,
  request: SolanaTransactionRequest,
  options: SendSolanaTransactionOptions = {},
): Promise<SendSolanaTransactionResult> {
  const commitment = options.commitment ?? endpoint.commitment;
  const version = options.version ?? 0;
  const fetchOption = options.fetch ? { fetch: options.fetch } : {};
  const { signal } = options;
  const built = await untilAborted(buildSolanaTransaction(endpoint, signer, request, { version, commitment, ...fetchOption }), signal);
  let transaction = built.transaction;
  if (options.policyId) {
    transaction = await untilAborted(requestFeePayer({ rpcUrl: endpoint.rpcUrl, policyId: options.policyId, transaction, headers: endpoint.headers, ...fetchOption }), signal);
  }
  const signed = await untilAborted(signer.signTransaction(transaction), signal);
  // Not sent once given up; once sent, only the confirming stops.
  signal?.throwIfAborted();
  const hash = await submitSolanaTransaction(endpoint, getBase64EncodedWireTransaction(signed), { commitment, skipPreflight: options.skipPreflight, fetch: options.fetch });
  await confirmSolanaTransaction(endpoint, hash, {
    lastValidBlockHeight: built.lastValidBlockHeight,
    commitment,
    signal,
    ...fetchOption,
    ...(options.pollIntervalMs !== undefined ? { pollIntervalMs: options.pollIntervalMs } : {}),
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
  });
  return { hash, sponsored: !!options.policyId, version };
}
