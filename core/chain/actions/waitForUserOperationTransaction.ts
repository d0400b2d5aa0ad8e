// The transaction that included a user operation (waits with the retry settings).
import type { Hash } from "viem";
import type { SmartAccountClient } from "../client";
import {
  type WaitForUserOperationReceiptParameters,
  waitForUserOperationReceipt,
} from "./waitForUserOperationReceipt";

export type WaitForUserOperationTransactionParameters = WaitForUserOperationReceiptParameters;

export type WaitForUserOperationTransactionReturnType = Hash;

export async function waitForUserOperationTransaction(
  client: SmartAccountClient,
  parameters: WaitForUserOperationTransactionParameters,
): Promise<WaitForUserOperationTransactionReturnType> {
  const receipt = await waitForUserOperationReceipt(client, parameters);
  return receipt.receipt.transactionHash;
}
