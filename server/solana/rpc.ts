// The JSON-RPC methods of the local Solana endpoint, answered from the LiteSVM chain in the shapes of
// the Solana RPC API (u64 numbers are bigints here and are written to JSON as plain numbers).
import {
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getCompiledTransactionMessageEncoder,
  getTransactionDecoder,
  getSignatureFromTransaction,
  type Address,
  type Blockhash,
  type Transaction,
} from "@solana/kit";
import { LAMPORTS_PER_SIGNATURE, SLOTS_PER_EPOCH, type LocalSolanaChain } from "./chain";
import { FEE_PAYER_METHOD, INVALID_PARAMS, RpcError, readFeePayerParams, sponsorTransaction } from "./feePayer";

export const METHOD_NOT_FOUND = -32601;
/** sendTransaction's preflight failed (the Solana RPC's code). */
export const SEND_TRANSACTION_PREFLIGHT_FAILURE = -32002;
export const TRANSACTION_SIGNATURE_VERIFICATION_FAILURE = -32003;
const U64_MAX = 18_446_744_073_709_551_615n;

/** A fixed genesis hash for the local chain (it names no public cluster, so clients treat it as local). */
export const LOCALNET_GENESIS_HASH = getBase58Decoder().decode(
  new Uint8Array(32).map((_, i) => (i * 37 + 11) & 0xff),
);
export const SOLANA_CORE_VERSION = "2.3.0";

export interface RpcContext {
  chain: LocalSolanaChain;
  feePayer: { secretKey: Uint8Array; address: Address };
  policies: ReadonlySet<string>;
  /** The most an airdrop may give (lamports). */
  maxAirdrop: bigint;
}

type Params = unknown[];
type Handler = (ctx: RpcContext, params: Params) => unknown;

const context = (ctx: RpcContext) => ({ apiVersion: SOLANA_CORE_VERSION, slot: ctx.chain.slot });
const withContext = (ctx: RpcContext, value: unknown) => ({ context: context(ctx), value });

function config(params: Params, index: number): Record<string, unknown> {
  const value = params[index];
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function stringParam(params: Params, index: number, name: string): string {
  const value = params[index];
  if (typeof value !== "string" || !value) throw new RpcError(INVALID_PARAMS, `Invalid params: ${name} must be a string`);
  return value;
}

function addressParam(params: Params, index: number): Address {
  const value = stringParam(params, index, "the address");
  try {
    if (getBase58Encoder().encode(value).length !== 32) throw new Error("not 32 bytes");
  } catch {
    throw new RpcError(INVALID_PARAMS, `Invalid param: Invalid (${value})`);
  }
  return value as Address;
}

function u64Param(params: Params, index: number, name: string): bigint {
  const value = params[index];
  if ((typeof value === "number" && Number.isSafeInteger(value) && value >= 0) || typeof value === "bigint") return BigInt(value);
  throw new RpcError(INVALID_PARAMS, `Invalid params: ${name} must be a non-negative integer`);
}

function decodeTransaction(params: Params): { transaction: Transaction; wire: Uint8Array } {
  const encoded = stringParam(params, 0, "the transaction");
  const encoding = config(params, 1).encoding ?? "base58";
  if (encoding !== "base58" && encoding !== "base64") throw new RpcError(INVALID_PARAMS, `Invalid params: unsupported encoding ${String(encoding)}`);
  try {
    const wire = encoding === "base64" ? getBase64Encoder().encode(encoded) : getBase58Encoder().encode(encoded);
    return { transaction: getTransactionDecoder().decode(wire), wire: new Uint8Array(wire) };
  } catch (error) {
    throw new RpcError(INVALID_PARAMS, `failed to deserialize the transaction: ${(error as Error).message}`);
  }
}

function accountValue(ctx: RpcContext, address: Address, encoding: unknown) {
  const account = ctx.chain.svm.getAccount(address);
  if (!account.exists) return null;
  const data =
    encoding === "base58"
      ? [getBase58Decoder().decode(account.data), "base58"]
      : encoding === undefined || encoding === "binary"
        ? getBase58Decoder().decode(account.data)
        : [getBase64Decoder().decode(account.data), "base64"]; // base64, and jsonParsed without a parser
  return {
    data,
    executable: account.executable,
    lamports: account.lamports,
    owner: account.programAddress,
    rentEpoch: U64_MAX,
    space: BigInt(account.data.length),
  };
}

function signatureStatus(ctx: RpcContext, signature: string) {
  const record = ctx.chain.status(signature);
  if (!record) return null;
  return {
    slot: record.slot,
    confirmations: null, // final as soon as it lands
    err: record.err,
    status: record.err === null ? { Ok: null } : { Err: record.err },
    confirmationStatus: "finalized",
  };
}

const handlers: Record<string, Handler> = {
  getHealth: () => "ok",
  getVersion: () => ({ "solana-core": SOLANA_CORE_VERSION, "feature-set": 0 }),
  getGenesisHash: () => LOCALNET_GENESIS_HASH,
  getIdentity: (ctx) => ({ identity: ctx.feePayer.address }),
  getSlot: (ctx) => ctx.chain.slot,
  getBlockHeight: (ctx) => ctx.chain.blockHeight,
  getTransactionCount: (ctx) => ctx.chain.transactionCount,
  getEpochInfo: (ctx) => ({
    absoluteSlot: ctx.chain.slot,
    blockHeight: ctx.chain.blockHeight,
    epoch: ctx.chain.slot / SLOTS_PER_EPOCH,
    slotIndex: ctx.chain.slot % SLOTS_PER_EPOCH,
    slotsInEpoch: SLOTS_PER_EPOCH,
    transactionCount: ctx.chain.transactionCount,
  }),
  getLatestBlockhash: (ctx) => withContext(ctx, ctx.chain.latestBlockhash),
  isBlockhashValid: (ctx, params) => withContext(ctx, ctx.chain.isBlockhashValid(stringParam(params, 0, "the blockhash"))),
  getBalance: (ctx, params) => withContext(ctx, ctx.chain.svm.getBalance(addressParam(params, 0)) ?? 0n),
  getAccountInfo: (ctx, params) => withContext(ctx, accountValue(ctx, addressParam(params, 0), config(params, 1).encoding)),
  getMultipleAccounts: (ctx, params) => {
    const list = params[0];
    if (!Array.isArray(list)) throw new RpcError(INVALID_PARAMS, "Invalid params: expected an array of addresses");
    const encoding = config(params, 1).encoding;
    return withContext(ctx, list.map((_, i) => accountValue(ctx, addressParam(list, i), encoding)));
  },
  getMinimumBalanceForRentExemption: (ctx, params) =>
    ctx.chain.svm.minimumBalanceForRentExemption(params[0] === undefined ? 0n : u64Param(params, 0, "the data length")),
  getFeeForMessage: (ctx, params) => {
    try {
      const message = getCompiledTransactionMessageDecoder().decode(getBase64Encoder().encode(stringParam(params, 0, "the message")));
      return withContext(ctx, BigInt(message.header.numSignerAccounts) * LAMPORTS_PER_SIGNATURE);
    } catch (error) {
      if (error instanceof RpcError) throw error;
      throw new RpcError(INVALID_PARAMS, `Invalid params: the message is not a base64 compiled message`);
    }
  },
  getRecentPrioritizationFees: () => [],
  getSignatureStatuses: (ctx, params) => {
    const list = params[0];
    if (!Array.isArray(list) || list.some((s) => typeof s !== "string")) {
      throw new RpcError(INVALID_PARAMS, "Invalid params: expected an array of signatures");
    }
    if (list.length > 256) throw new RpcError(INVALID_PARAMS, "Too many inputs provided; max 256");
    return withContext(ctx, (list as string[]).map((signature) => signatureStatus(ctx, signature)));
  },
  getTransaction: (ctx, params) => {
    const signature = stringParam(params, 0, "the signature");
    const record = ctx.chain.status(signature);
    const wire = ctx.chain.wire(signature);
    if (!record || !wire) return null;
    const version = getCompiledTransactionMessageDecoder().decode(getTransactionDecoder().decode(wire).messageBytes).version;
    return {
      slot: record.slot,
      blockTime: null,
      version,
      transaction: [getBase64Decoder().decode(wire), "base64"],
      meta: {
        err: record.err,
        status: record.err === null ? { Ok: null } : { Err: record.err },
        fee: record.fee,
        logMessages: record.logs,
        computeUnitsConsumed: record.computeUnits,
        preBalances: [],
        postBalances: [],
        innerInstructions: [],
        preTokenBalances: [],
        postTokenBalances: [],
        rewards: [],
        loadedAddresses: { writable: [], readonly: [] },
      },
    };
  },
  requestAirdrop: (ctx, params) => {
    const to = addressParam(params, 0);
    const amount = u64Param(params, 1, "lamports");
    if (amount > ctx.maxAirdrop) throw new RpcError(INVALID_PARAMS, `airdrop request exceeds the local limit of ${ctx.maxAirdrop} lamports`);
    const landed = ctx.chain.airdrop(to, amount);
    if (!landed.ok) throw new RpcError(-32603, `airdrop failed: ${JSON.stringify(landed.err)}`);
    return landed.signature;
  },
  simulateTransaction: (ctx, params) => {
    const { transaction } = decodeTransaction(params);
    const options = config(params, 1);
    let simulated = transaction;
    let replacementBlockhash: { blockhash: Blockhash; lastValidBlockHeight: bigint } | null = null;
    if (options.replaceRecentBlockhash === true) {
      if (options.sigVerify === true) throw new RpcError(INVALID_PARAMS, "sigVerify may not be used with replaceRecentBlockhash");
      replacementBlockhash = ctx.chain.latestBlockhash;
      const compiled = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes);
      const messageBytes = getCompiledTransactionMessageEncoder().encode({ ...compiled, lifetimeToken: replacementBlockhash.blockhash });
      simulated = { ...transaction, messageBytes: messageBytes as Transaction["messageBytes"] };
    }
    const result = ctx.chain.simulate(simulated, options.sigVerify === true);
    return withContext(ctx, {
      err: result.err,
      logs: result.logs,
      accounts: null,
      unitsConsumed: result.computeUnits,
      returnData: null,
      innerInstructions: null,
      replacementBlockhash,
    });
  },
  sendTransaction: (ctx, params) => {
    const { transaction, wire } = decodeTransaction(params);
    const options = config(params, 1);
    let signature: string;
    try {
      signature = getSignatureFromTransaction(transaction);
    } catch {
      throw new RpcError(TRANSACTION_SIGNATURE_VERIFICATION_FAILURE, "Transaction signature verification failure");
    }
    if (Object.values(transaction.signatures).some((s) => s === null)) {
      throw new RpcError(TRANSACTION_SIGNATURE_VERIFICATION_FAILURE, "Transaction signature verification failure");
    }
    if (options.skipPreflight !== true) {
      const preflight = ctx.chain.simulate(transaction, true);
      if (preflight.err !== null) {
        if (preflight.err === "SignatureFailure") {
          throw new RpcError(TRANSACTION_SIGNATURE_VERIFICATION_FAILURE, "Transaction signature verification failure");
        }
        throw new RpcError(SEND_TRANSACTION_PREFLIGHT_FAILURE, `Transaction simulation failed: ${describe(preflight.err)}`, {
          err: preflight.err,
          logs: preflight.logs,
          accounts: null,
          unitsConsumed: preflight.computeUnits,
          returnData: null,
          innerInstructions: null,
        });
      }
    }
    const landed = ctx.chain.send(transaction, wire);
    // Refused before execution (never lands): said at once rather than left to expire, so clients
    // on this chain (where blocks only come with transactions) do not wait for a block height.
    if (!landed.ok && !landed.committed) {
      if (landed.err === "SignatureFailure") throw new RpcError(TRANSACTION_SIGNATURE_VERIFICATION_FAILURE, "Transaction signature verification failure");
      throw new RpcError(SEND_TRANSACTION_PREFLIGHT_FAILURE, `Transaction simulation failed: ${describe(landed.err)}`, {
        err: landed.err,
        logs: landed.logs,
        accounts: null,
        unitsConsumed: landed.computeUnits,
        returnData: null,
      });
    }
    return signature;
  },
  [FEE_PAYER_METHOD]: (ctx, params) => sponsorTransaction(ctx.chain, ctx.feePayer, ctx.policies, readFeePayerParams(params)),
};

function describe(err: unknown): string {
  if (typeof err === "string") {
    if (err === "BlockhashNotFound") return "Blockhash not found";
    if (err === "AlreadyProcessed") return "This transaction has already been processed";
    if (err === "AccountNotFound") return "Attempt to debit an account but found no record of a prior credit.";
    return err;
  }
  const instruction = (err as { InstructionError?: [number, unknown] }).InstructionError;
  if (instruction) {
    const [index, detail] = instruction;
    const custom = (detail as { Custom?: number }).Custom;
    return `Error processing Instruction ${index}: ${custom !== undefined ? `custom program error: 0x${custom.toString(16)}` : JSON.stringify(detail)}`;
  }
  return JSON.stringify(err);
}

export const RPC_METHODS = Object.keys(handlers);

export interface JsonRpcRequest {
  jsonrpc?: string;
  id?: string | number | null;
  method?: unknown;
  params?: unknown;
}

/** Answers one JSON-RPC request object (never throws). */
export function answer(ctx: RpcContext, request: JsonRpcRequest): Record<string, unknown> {
  const id = request?.id ?? null;
  try {
    if (!request || typeof request !== "object" || typeof request.method !== "string") {
      throw new RpcError(-32600, "Invalid request");
    }
    const handler = Object.hasOwn(handlers, request.method) ? handlers[request.method] : undefined;
    if (!handler) throw new RpcError(METHOD_NOT_FOUND, `Method not found: ${request.method}`);
    const params = request.params === undefined ? [] : Array.isArray(request.params) ? request.params : [request.params];
    return { jsonrpc: "2.0", result: handler(ctx, params), id };
  } catch (error) {
    if (error instanceof RpcError) {
      return { jsonrpc: "2.0", error: { code: error.code, message: error.message, ...(error.data === undefined ? {} : { data: error.data }) }, id };
    }
    return { jsonrpc: "2.0", error: { code: -32603, message: `Internal error: ${(error as Error).message}` }, id };
  }
}

/** JSON with bigints written as plain numbers (u64 values beyond 2^53 stay exact). */
export function stringify(value: unknown): string {
  const marker = "\u0000big:";
  return JSON.stringify(value, (_, v: unknown) => (typeof v === "bigint" ? `${marker}${v}` : v)).replace(
    /"\\u0000big:(\d+)"/g,
    "$1",
  );
}
