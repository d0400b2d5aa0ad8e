// Fee-payer sponsorship (spec §7 "Fee sponsorship on Solana"): the provider-style JSON-RPC method
// `alchemy_requestFeePayer` with params `[{policyId, serializedTransaction}]` (base64 wire
// transaction). Under a known policy the emulator makes its own key the transaction's fee payer,
// signs as fee payer and answers `{serializedTransaction}` (base64) for the user to sign and send.
// The instructions, blockhash and every other account stay as they were; signatures made over the
// old message no longer apply and are cleared.
import { ed25519 } from "@noble/curves/ed25519.js";
import { sha256 } from "@noble/hashes/sha2.js";
import {
  compileTransaction,
  decompileTransactionMessage,
  getBase58Decoder,
  getBase64Decoder,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  getTransactionEncoder,
  setTransactionMessageFeePayer,
  type Address,
  type SignatureBytes,
  type Transaction,
} from "@solana/kit";
import type { LocalSolanaChain } from "./chain";

export const FEE_PAYER_METHOD = "alchemy_requestFeePayer";
export const DEFAULT_SOLANA_POLICY_ID = "solana-sponsorship";
/** How much the fee payer is given at start (lamports): 1,000 SOL. */
export const FEE_PAYER_FUNDS = 1_000_000_000_000n;

/** A JSON-RPC error with a code (the handler answers `{error: {code, message, data?}}`). */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export const INVALID_PARAMS = -32602;
/** Sponsorship refused: unknown policy, or a transaction the policy does not cover. */
export const POLICY_REFUSED = -32001;

/** The emulator's fee-payer key: fixed (derived from a label) unless a 32-byte secret is given. */
export function feePayerKey(secret?: Uint8Array): { secretKey: Uint8Array; address: Address } {
  const secretKey = secret ?? sha256(new TextEncoder().encode("latch local solana fee payer"));
  if (secretKey.length !== 32) throw new Error("the fee payer secret key must be 32 bytes (an ed25519 seed)");
  return { secretKey, address: getBase58Decoder().decode(ed25519.getPublicKey(secretKey)) as Address };
}

export interface FeePayerRequest {
  policyId: string;
  serializedTransaction: string;
}

/** Reads `[{policyId, serializedTransaction}]` (or the object alone). */
export function readFeePayerParams(params: unknown): FeePayerRequest {
  const first = Array.isArray(params) ? params[0] : params;
  const request = first as Partial<FeePayerRequest> | undefined;
  if (!request || typeof request.policyId !== "string" || typeof request.serializedTransaction !== "string") {
    throw new RpcError(INVALID_PARAMS, `${FEE_PAYER_METHOD} expects params [{policyId: string, serializedTransaction: base64 string}]`);
  }
  return { policyId: request.policyId, serializedTransaction: request.serializedTransaction };
}

export function sponsorTransaction(
  chain: LocalSolanaChain,
  payer: { secretKey: Uint8Array; address: Address },
  policies: ReadonlySet<string>,
  request: FeePayerRequest,
): { serializedTransaction: string } {
  if (!policies.has(request.policyId)) {
    throw new RpcError(POLICY_REFUSED, `Unknown policy: ${request.policyId} (known: ${[...policies].join(", ") || "none"})`);
  }
  let transaction: Transaction;
  let compiled: ReturnType<ReturnType<typeof getCompiledTransactionMessageDecoder>["decode"]>;
  try {
    transaction = getTransactionDecoder().decode(getBase64Encoder().encode(request.serializedTransaction));
    compiled = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes);
  } catch (error) {
    throw new RpcError(INVALID_PARAMS, `serializedTransaction is not a base64 wire transaction: ${(error as Error).message}`);
  }
  if (compiled.version !== "legacy" && compiled.version !== 0) {
    throw new RpcError(INVALID_PARAMS, `Transaction version ${String(compiled.version)} is not supported (legacy and 0 are)`);
  }
  if ("addressTableLookups" in compiled && compiled.addressTableLookups?.length) {
    throw new RpcError(POLICY_REFUSED, "Transactions with address lookup tables are not sponsored by the local fee payer");
  }
  if (!chain.isBlockhashValid(compiled.lifetimeToken)) {
    throw new RpcError(POLICY_REFUSED, `Blockhash not found: ${compiled.lifetimeToken}`);
  }
  const message = decompileTransactionMessage(compiled);
  // The sponsor pays fees and nothing else: its key may not appear in any instruction.
  for (const instruction of message.instructions) {
    if (instruction.programAddress === payer.address || instruction.accounts?.some((account) => account.address === payer.address)) {
      throw new RpcError(POLICY_REFUSED, "The fee payer may not be used by the transaction's instructions");
    }
  }
  const sponsored = compileTransaction(setTransactionMessageFeePayer(payer.address, message) as Parameters<typeof compileTransaction>[0]);
  const signature = ed25519.sign(new Uint8Array(sponsored.messageBytes), payer.secretKey) as SignatureBytes;
  const signed: Transaction = { ...sponsored, signatures: { ...sponsored.signatures, [payer.address]: signature } };
  return { serializedTransaction: getBase64Decoder().decode(getTransactionEncoder().encode(signed)) };
}
