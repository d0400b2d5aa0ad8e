// The local Solana chain behind the JSON-RPC endpoint: a LiteSVM bank plus what a validator adds
// around it (blocks, recent blockhashes, signature statuses). Every landed transaction (an airdrop
// too) makes a new block: the slot and block height advance and a new blockhash is issued. A
// blockhash stays valid for 150 blocks, like on a cluster, so transactions built concurrently on
// one blockhash all land; litesvm's own check (only the newest blockhash) is off and ours runs
// instead. Transactions are final as soon as they land (one node, no forks).
import { LiteSVM, FailedTransactionMetadata, type TransactionMetadata } from "litesvm";
import {
  getBase58Decoder,
  getCompiledTransactionMessageDecoder,
  getSignatureFromTransaction,
  lamports,
  type Address,
  type Blockhash,
  type Signature,
  type Transaction,
} from "@solana/kit";

/** A blockhash is valid for this many blocks after the block that issued it. */
export const MAX_PROCESSING_AGE = 150;
/** The fee per signature on the local chain (lamports), as on the clusters. */
export const LAMPORTS_PER_SIGNATURE = 5000n;
export const SLOTS_PER_EPOCH = 432_000n;

/** An error in the JSON-RPC `TransactionError` shape: a name, or `{Name: detail}`. */
export type RpcTransactionError = string | Record<string, unknown>;

export interface SignatureRecord {
  slot: bigint;
  err: RpcTransactionError | null;
  logs: string[];
  computeUnits: bigint;
  /** Lamports charged to the fee payer (5000 per signature; none for airdrops). */
  fee: bigint;
}

export type Landed =
  | { ok: true; signature: Signature; record: SignatureRecord }
  | { ok: false; signature: Signature; err: RpcTransactionError; logs: string[]; computeUnits: bigint; committed: boolean };

// litesvm's TransactionErrorFieldless and InstructionErrorFieldless (const enums: names by value).
const TRANSACTION_ERRORS = [
  "AccountInUse", "AccountLoadedTwice", "AccountNotFound", "ProgramAccountNotFound", "InsufficientFundsForFee",
  "InvalidAccountForFee", "AlreadyProcessed", "BlockhashNotFound", "CallChainTooDeep", "MissingSignatureForFee",
  "InvalidAccountIndex", "SignatureFailure", "InvalidProgramForExecution", "SanitizeFailure", "ClusterMaintenance",
  "AccountBorrowOutstanding", "WouldExceedMaxBlockCostLimit", "UnsupportedVersion", "InvalidWritableAccount",
  "WouldExceedMaxAccountCostLimit", "WouldExceedAccountDataBlockLimit", "TooManyAccountLocks",
  "AddressLookupTableNotFound", "InvalidAddressLookupTableOwner", "InvalidAddressLookupTableData",
  "InvalidAddressLookupTableIndex", "InvalidRentPayingAccount", "WouldExceedMaxVoteCostLimit",
  "WouldExceedAccountDataTotalLimit", "MaxLoadedAccountsDataSizeExceeded", "ResanitizationNeeded",
  "InvalidLoadedAccountsDataSizeLimit", "UnbalancedTransaction", "ProgramCacheHitMaxLimit", "CommitCancelled",
];
const INSTRUCTION_ERRORS = [
  "GenericError", "InvalidArgument", "InvalidInstructionData", "InvalidAccountData", "AccountDataTooSmall",
  "InsufficientFunds", "IncorrectProgramId", "MissingRequiredSignature", "AccountAlreadyInitialized",
  "UninitializedAccount", "UnbalancedInstruction", "ModifiedProgramId", "ExternalAccountLamportSpend",
  "ExternalAccountDataModified", "ReadonlyLamportChange", "ReadonlyDataModified", "DuplicateAccountIndex",
  "ExecutableModified", "RentEpochModified", "NotEnoughAccountKeys", "AccountDataSizeChanged", "AccountNotExecutable",
  "AccountBorrowFailed", "AccountBorrowOutstanding", "DuplicateAccountOutOfSync", "InvalidError",
  "ExecutableDataModified", "ExecutableLamportChange", "ExecutableAccountNotRentExempt", "UnsupportedProgramId",
  "CallDepth", "MissingAccount", "ReentrancyNotAllowed", "MaxSeedLengthExceeded", "InvalidSeeds", "InvalidRealloc",
  "ComputationalBudgetExceeded", "PrivilegeEscalation", "ProgramEnvironmentSetupFailure", "ProgramFailedToComplete",
  "ProgramFailedToCompile", "Immutable", "IncorrectAuthority", "AccountNotRentExempt", "InvalidAccountOwner",
  "ArithmeticOverflow", "UnsupportedSysvar", "IllegalOwner", "MaxAccountsDataAllocationsExceeded",
  "MaxAccountsExceeded", "MaxInstructionTraceLengthExceeded", "BuiltinProgramsMustConsumeComputeUnits", "BorshIoError",
];

/** litesvm's error objects in the JSON-RPC shape (`"BlockhashNotFound"`, `{InstructionError: [0, {Custom: 1}]}`). */
export function toRpcError(err: unknown): RpcTransactionError {
  if (typeof err === "number") return TRANSACTION_ERRORS[err] ?? `TransactionError${err}`;
  if (err && typeof err === "object") {
    const e = err as { index?: number; accountIndex?: number; err?: () => unknown; code?: number; msg?: string };
    if (typeof e.err === "function") {
      const inner = e.err() as unknown;
      const detail =
        typeof inner === "number"
          ? (INSTRUCTION_ERRORS[inner] ?? `InstructionError${inner}`)
          : typeof (inner as { code?: number }).code === "number"
            ? { Custom: (inner as { code: number }).code }
            : { BorshIoError: String((inner as { msg?: string }).msg ?? "") };
      return { InstructionError: [e.index ?? 0, detail] };
    }
    const name = err.constructor?.name ?? "";
    if (name.endsWith("DuplicateInstruction")) return { DuplicateInstruction: e.index ?? 0 };
    if (name.endsWith("InsufficientFundsForRent")) return { InsufficientFundsForRent: { account_index: e.accountIndex ?? 0 } };
    if (name.endsWith("ProgramExecutionTemporarilyRestricted")) {
      return { ProgramExecutionTemporarilyRestricted: { account_index: e.accountIndex ?? 0 } };
    }
  }
  return String(err);
}

/** The recent blockhash (or nonce) a wire transaction's message names. */
export function lifetimeTokenOf(transaction: Transaction): string {
  return getCompiledTransactionMessageDecoder().decode(transaction.messageBytes).lifetimeToken;
}

export class LocalSolanaChain {
  readonly svm: LiteSVM;
  /** Slot and block height advance together, one block per landed transaction. */
  slot: bigint;
  blockHeight = 1n;
  transactionCount = 0n;
  private readonly blockhashes = new Map<string, bigint>();
  private readonly statuses = new Map<string, SignatureRecord>();
  private readonly wires = new Map<string, Uint8Array>();
  private readonly listeners = new Set<(event: { slot: bigint; signature: Signature; record: SignatureRecord }) => void>();

  constructor() {
    this.svm = new LiteSVM().withBlockhashCheck(false).withSigverify(true).withTransactionHistory(100_000n);
    this.slot = this.svm.getClock().slot;
    this.blockhashes.set(this.svm.latestBlockhash(), this.blockHeight);
  }

  get latestBlockhash(): { blockhash: Blockhash; lastValidBlockHeight: bigint } {
    return { blockhash: this.svm.latestBlockhash(), lastValidBlockHeight: this.blockHeight + BigInt(MAX_PROCESSING_AGE) };
  }

  isBlockhashValid(blockhash: string): boolean {
    const issued = this.blockhashes.get(blockhash);
    return issued !== undefined && this.blockHeight - issued <= BigInt(MAX_PROCESSING_AGE);
  }

  status(signature: string): SignatureRecord | undefined {
    return this.statuses.get(signature);
  }

  /** The wire bytes of a transaction sent through `send`. */
  wire(signature: string): Uint8Array | undefined {
    return this.wires.get(signature);
  }

  /** Called for every landed transaction (for signature subscriptions) and every new slot. */
  onLanded(listener: (event: { slot: bigint; signature: Signature; record: SignatureRecord }) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  airdrop(to: Address, amount: bigint): Landed {
    const result = this.svm.airdrop(to, lamports(amount));
    if (!result) throw new Error("airdrop failed");
    return this.finish(result, undefined, 0n);
  }

  /**
   * Executes a signed transaction. A stale blockhash is refused before execution (BlockhashNotFound);
   * a transaction that fails in a program lands (its fee is charged) with the error in its status.
   */
  send(transaction: Transaction, wire?: Uint8Array): Landed {
    const signature = getSignatureFromTransaction(transaction);
    if (this.statuses.has(signature)) return { ok: false, signature, err: "AlreadyProcessed", logs: [], computeUnits: 0n, committed: false };
    if (!this.isBlockhashValid(lifetimeTokenOf(transaction))) {
      return { ok: false, signature, err: "BlockhashNotFound", logs: [], computeUnits: 0n, committed: false };
    }
    const fee = BigInt(Object.keys(transaction.signatures).length) * LAMPORTS_PER_SIGNATURE;
    const landed = this.finish(this.svm.sendTransaction(transaction), signature, fee);
    if ((landed.ok || landed.committed) && wire) this.wires.set(landed.signature, wire);
    return landed;
  }

  /** Runs a transaction without committing it; `sigVerify: false` accepts missing or wrong signatures. */
  simulate(transaction: Transaction, sigVerify: boolean): { err: RpcTransactionError | null; logs: string[]; computeUnits: bigint } {
    if (!this.isBlockhashValid(lifetimeTokenOf(transaction))) return { err: "BlockhashNotFound", logs: [], computeUnits: 0n };
    this.svm.withSigverify(sigVerify);
    try {
      const result = this.svm.simulateTransaction(transaction);
      if (result instanceof FailedTransactionMetadata) {
        return { err: toRpcError(result.err()), logs: result.meta().logs(), computeUnits: result.meta().computeUnitsConsumed() };
      }
      return { err: null, logs: result.meta().logs(), computeUnits: result.meta().computeUnitsConsumed() };
    } finally {
      this.svm.withSigverify(true);
    }
  }

  private finish(result: TransactionMetadata | FailedTransactionMetadata, expected: Signature | undefined, fee: bigint): Landed {
    const failed = result instanceof FailedTransactionMetadata;
    const meta = failed ? result.meta() : result;
    const signatureBytes = meta.signature();
    // A transaction refused before execution reports an all-zero signature.
    const signature = (signatureBytes.some((b) => b !== 0) ? getBase58Decoder().decode(signatureBytes) : expected) as Signature;
    const err = failed ? toRpcError(result.err()) : null;
    // Refused before execution (stale blockhash, duplicate, bad signature, no fee payer funds): not in the history.
    const committed = !failed || (!this.statuses.has(signature) && this.svm.getTransaction(signature) != null);
    if (!committed) return { ok: false, signature, err: err!, logs: meta.logs(), computeUnits: meta.computeUnitsConsumed(), committed };
    const record: SignatureRecord = { slot: this.slot, err, logs: meta.logs(), computeUnits: meta.computeUnitsConsumed(), fee };
    this.statuses.set(signature, record);
    this.transactionCount++;
    this.advance();
    for (const listener of this.listeners) listener({ slot: record.slot, signature, record });
    return err === null
      ? { ok: true, signature, record }
      : { ok: false, signature, err, logs: record.logs, computeUnits: record.computeUnits, committed };
  }

  /** A new block: next slot and height, a fresh blockhash; blockhashes older than the window are forgotten. */
  private advance(): void {
    this.slot += 1n;
    this.blockHeight += 1n;
    this.svm.warpToSlot(this.slot);
    this.svm.expireBlockhash();
    this.blockhashes.set(this.svm.latestBlockhash(), this.blockHeight);
    for (const [hash, issued] of this.blockhashes) {
      if (this.blockHeight - issued > BigInt(MAX_PROCESSING_AGE)) this.blockhashes.delete(hash);
    }
  }
}
