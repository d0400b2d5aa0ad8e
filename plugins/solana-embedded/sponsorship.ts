// Fee sponsorship on Solana: a JSON-RPC POST to the Solana endpoint with the provider's
// fee-payer method, params `[{policyId, serializedTransaction}]` (the base64 wire transaction); the
// sponsored transaction (fee payer set and signed by the provider) is read from
// `result.serializedTransaction`. The answer must keep our instructions and blockhash.
import {
  getBase64Decoder,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  getTransactionEncoder,
  type Transaction,
} from "@solana/kit";
import { SolanaSponsorshipError } from "./errors";
import { bytesToHex } from "./signer";
import { randomRequestId } from "../../lib/solana/rpc";

/** The provider-style fee-payer method (the local emulator answers it too). */
export const FEE_PAYER_METHOD = "alchemy_requestFeePayer";

/** A fee payer request: the service URL, the policy and the transaction. */
export interface FeePayerRequest {
  rpcUrl: string;
  policyId: string;
  transaction: Transaction;
  headers?: Record<string, string>;
  /** The fetch to use; default the global one. */
  fetch?: typeof fetch;
}

/** Asks the fee payer service to pay the transaction's fees; returns it with the payer's signature. */
export async function requestFeePayer(request: FeePayerRequest): Promise<Transaction> {
  const serializedTransaction = getBase64Decoder().decode(getTransactionEncoder().encode(request.transaction));
  const response = await (request.fetch ?? fetch)(request.rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json", ...request.headers },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: randomRequestId(),
      method: FEE_PAYER_METHOD,
      params: [{ policyId: request.policyId, serializedTransaction }],
    }),
  });
  if (!response.ok) throw new SolanaSponsorshipError(`Fee sponsorship request failed (${response.status}): ${await response.text()}`);
  const answer = (await response.json()) as { result?: { serializedTransaction?: unknown }; error?: { code?: number; message?: string } };
  const sponsored = answer?.result?.serializedTransaction;
  if (typeof sponsored !== "string") {
    throw new SolanaSponsorshipError(
      answer?.error?.message
        ? `Fee sponsorship refused: ${answer.error.message}`
        : "The fee-payer answer has no result.serializedTransaction",
      { details: answer?.error },
    );
  }
  let transaction: Transaction;
  try {
    transaction = getTransactionDecoder().decode(getBase64Encoder().encode(sponsored));
  } catch (error) {
    throw new SolanaSponsorshipError("The fee-payer answer is not a base64 wire transaction", { cause: error });
  }
  assertSameIntent(request.transaction, transaction);
  return transaction;
}

/** The sponsor may change the fee payer only: same blockhash, same instructions on the same accounts. */
function assertSameIntent(sent: Transaction, sponsored: Transaction): void {
  const decoder = getCompiledTransactionMessageDecoder();
  const describe = (transaction: Transaction) => {
    const message = decoder.decode(transaction.messageBytes) as {
      version: unknown;
      lifetimeToken: string;
      staticAccounts: readonly string[];
      instructions?: readonly { programAddressIndex: number; accountIndices?: readonly number[]; data?: Uint8Array }[];
    };
    const keys = message.staticAccounts;
    return JSON.stringify({
      version: message.version,
      lifetime: message.lifetimeToken,
      instructions: (message.instructions ?? []).map((instruction) => [
        keys[instruction.programAddressIndex],
        (instruction.accountIndices ?? []).map((index) => keys[index] ?? `lookup:${index - keys.length}`),
        instruction.data ? bytesToHex(instruction.data) : "0x",
      ]),
    });
  };
  if (describe(sent) !== describe(sponsored)) {
    throw new SolanaSponsorshipError("The fee-payer answer changed the transaction beyond its fee payer");
  }
}
