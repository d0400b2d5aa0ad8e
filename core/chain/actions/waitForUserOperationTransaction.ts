// The transaction that included a user operation (waits with the retry settings).
import type { Hash } from "viem";
import type { SmartAccountClient } from "../client";
import type { AbortOptions } from "../../abort";
import {
  type WaitForUserOperationReceiptParameters,
  waitForUserOperationReceipt,
} from "./waitForUserOperationReceipt";

/** The user operation hash to wait for, and optional retry settings. */
export type WaitForUserOperationTransactionParameters = WaitForUserOperationReceiptParameters;

/** The hash of the transaction that included the user operation. */
export type WaitForUserOperationTransactionReturnType = Hash;

/** Waits until the user operation is included and returns the including transaction's hash. */
export async function waitForUserOperationTransaction(
  client: SmartAccountClient,
  parameters: WaitForUserOperationTransactionParameters,
  options: AbortOptions = {},
): Promise<WaitForUserOperationTransactionReturnType> {
  const receipt = await waitForUserOperationReceipt(client, parameters, options);
  return receipt.receipt.transactionHash;
}
