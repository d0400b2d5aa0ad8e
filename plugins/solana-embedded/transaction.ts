// Building, sponsoring, signing, sending and confirming a Solana transaction for the embedded user.
// Confirmation polls getSignatureStatuses (no websocket needed) until the commitment is reached,
// the transaction fails, or the block height passes the blockhash's last valid height.
import {
  appendTransactionMessageInstructions,
  compileTransaction,
  createSolanaRpc,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type Commitment,
  type Instruction,
  type Rpc,
  type Signature,
  type SolanaRpcApi,
  type Transaction,
} from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import { inferSolanaNetwork, solanaChainId, type SolanaNetwork } from "./network";
import { requestFeePayer } from "./sponsorship";
import { SolanaTransactionError } from "./errors";
import type { SolanaSigner } from "./signer";

export const DEFAULT_COMMITMENT: Commitment = "confirmed";
export const TRANSACTION_VERSIONS = ["legacy", 0] as const;
export type SolanaTransactionVersion = (typeof TRANSACTION_VERSIONS)[number];

export interface SolanaConnection {
  rpc: Rpc<SolanaRpcApi>;
  rpcUrl: string;
  /** Inferred from the endpoint (spec §5), unless configured. */
  network: SolanaNetwork;
  chainId: `solana:${SolanaNetwork}`;
  commitment: Commitment;
  headers: Record<string, string>;
}

export function createSolanaConnection(params: {
  rpcUrl: string;
  commitment?: Commitment;
  headers?: Record<string, string>;
  network?: SolanaNetwork;
}): SolanaConnection {
  const network = params.network ?? inferSolanaNetwork(params.rpcUrl);
  const headers = params.headers ?? {};
  return {
    rpc: createSolanaRpc(params.rpcUrl, { headers: headers as never }) as unknown as Rpc<SolanaRpcApi>,
    rpcUrl: params.rpcUrl,
    network,
    chainId: solanaChainId(network),
    commitment: params.commitment ?? DEFAULT_COMMITMENT,
    headers,
  };
}

/** What to send: a SOL transfer (lamports) or instructions. */
export type SolanaTransactionRequest =
  | { transfer: { amount: number | bigint; toAddress: string }; instructions?: never }
  | { instructions: readonly Instruction[]; transfer?: never };

export interface SendSolanaTransactionOptions {
  /** Sponsor the fee through the fee-payer request under this policy. */
  policyId?: string;
  /** Default confirmed. */
  commitment?: Commitment;
  /** Default 0 (a versioned transaction); "legacy" also works. */
  version?: SolanaTransactionVersion;
  skipPreflight?: boolean;
  /** How often to poll the signature status while confirming (default 400 ms, a slot). */
  pollIntervalMs?: number;
  /** Give up confirming after this long (default 60 s). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export interface SendSolanaTransactionResult {
  /** The transaction signature (base58): its id on chain. */
  hash: Signature;
  /** Whether the fee was paid by a sponsor. */
  sponsored: boolean;
  /** The version the transaction was sent as. */
  version: SolanaTransactionVersion;
}

export function instructionsOf(signer: { address: Address }, request: SolanaTransactionRequest): readonly Instruction[] {
  if (request.transfer) {
    const amount = BigInt(request.transfer.amount);
    if (amount < 0n) throw new Error("The transfer amount must not be negative");
    // The instruction builder only needs the source's address (we sign the whole message ourselves).
    const source = { address: signer.address } as Parameters<typeof getTransferSolInstruction>[0]["source"];
    return [getTransferSolInstruction({ source, destination: request.transfer.toAddress as Address, amount })];
  }
  if (!request.instructions?.length) throw new Error("Nothing to send: give a transfer or instructions");
  return request.instructions;
}

/** An unsigned transaction from the signer (its fee payer) with the latest blockhash. */
export async function buildSolanaTransaction(
  connection: SolanaConnection,
  signer: { address: Address },
  request: SolanaTransactionRequest,
  options: { version?: SolanaTransactionVersion; commitment?: Commitment } = {},
): Promise<{ transaction: Transaction; lastValidBlockHeight: bigint }> {
  const { value } = await connection.rpc.getLatestBlockhash({ commitment: options.commitment ?? connection.commitment }).send();
  const message = pipe(
    createTransactionMessage({ version: options.version ?? 0 }),
    (m) => setTransactionMessageFeePayer(signer.address, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(value, m),
    (m) => appendTransactionMessageInstructions(instructionsOf(signer, request), m),
  );
  return { transaction: compileTransaction(message), lastValidBlockHeight: value.lastValidBlockHeight };
}

const RANK: Record<Commitment, number> = { processed: 0, confirmed: 1, finalized: 2 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const json = (value: unknown) => JSON.stringify(value, (_, v: unknown) => (typeof v === "bigint" ? Number(v) : v));

/** Waits until the signature reaches the commitment; throws if it failed or its blockhash expired. */
export async function confirmSolanaTransaction(
  connection: SolanaConnection,
  signature: Signature,
  params: { lastValidBlockHeight: bigint; commitment?: Commitment; pollIntervalMs?: number; timeoutMs?: number },
): Promise<void> {
  const commitment = params.commitment ?? connection.commitment;
  const deadline = Date.now() + (params.timeoutMs ?? 60_000);
  for (;;) {
    const { value } = await connection.rpc.getSignatureStatuses([signature]).send();
    const status = value[0];
    if (status?.err) throw new SolanaTransactionError(`Transaction ${signature} failed: ${json(status.err)}`, { details: status.err });
    if (status?.confirmationStatus && RANK[status.confirmationStatus] >= RANK[commitment]) return;
    if (!status) {
      const height = await connection.rpc.getBlockHeight({ commitment }).send();
      if (height > params.lastValidBlockHeight) {
        throw new SolanaTransactionError(`Transaction ${signature} expired: block height ${height} passed ${params.lastValidBlockHeight}`);
      }
    }
    if (Date.now() > deadline) throw new SolanaTransactionError(`Transaction ${signature} was not ${commitment} in time`);
    await sleep(params.pollIntervalMs ?? 400);
  }
}

/** Builds, optionally sponsors, signs with the embedded signer, sends and confirms. */
export async function sendSolanaTransaction(
  connection: SolanaConnection,
  signer: SolanaSigner,
  request: SolanaTransactionRequest,
  options: SendSolanaTransactionOptions = {},
): Promise<SendSolanaTransactionResult> {
  const commitment = options.commitment ?? connection.commitment;
  const version = options.version ?? 0;
  const built = await buildSolanaTransaction(connection, signer, request, { version, commitment });
  let transaction = built.transaction;
  if (options.policyId) {
    transaction = await requestFeePayer({
      rpcUrl: connection.rpcUrl,
      policyId: options.policyId,
      transaction,
      headers: connection.headers,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
  }
  const signed = await signer.signTransaction(transaction);
  const hash = await connection.rpc
    .sendTransaction(getBase64EncodedWireTransaction(signed), {
      encoding: "base64",
      preflightCommitment: commitment,
      ...(options.skipPreflight ? { skipPreflight: true } : {}),
    })
    .send();
  await confirmSolanaTransaction(connection, hash, {
    lastValidBlockHeight: built.lastValidBlockHeight,
    commitment,
    ...(options.pollIntervalMs !== undefined ? { pollIntervalMs: options.pollIntervalMs } : {}),
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
  });
  return { hash, sponsored: !!options.policyId, version };
}
