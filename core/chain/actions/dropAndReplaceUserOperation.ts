// Replaces a pending user operation: same nonce and calls, fees raised by at least the bundler's minimum bump,
// re-sponsored and re-signed.
import type { UserOperation } from "viem/account-abstraction";
import type { SmartAccountClient } from "../client";
import type { FeeOptions } from "../fees/feeOptions";
import { prepareUserOperation } from "./prepareUserOperation";
import { type SendUserOperationReturnType, sendPreparedUserOperation } from "./sendUserOperation";

/** Bundlers accept a replacement only if both fees rise by at least this much (ERC-4337 mempool rule). */
export const REPLACEMENT_FEE_BUMP_PERCENT = 10n;

/** Parameters of {@link dropAndReplaceUserOperation}: the pending operation to replace. */
export interface DropAndReplaceUserOperationParameters {
  /** The pending operation, as sendUserOperation returned it (`request`). */
  uoToDrop: UserOperation<"0.7">;
  feeOptions?: FeeOptions;
}

/** The replacement operation's hash and request. */
export type DropAndReplaceUserOperationReturnType = SendUserOperationReturnType;

/** value × (100 + bump) / 100, rounded up. */
export function bumpFee(value: bigint): bigint {
  return (value * (100n + REPLACEMENT_FEE_BUMP_PERCENT) + 99n) / 100n;
}

/** Re-sends a pending user operation with higher fees so the bundler replaces it. */
export async function dropAndReplaceUserOperation(
  client: SmartAccountClient,
  parameters: DropAndReplaceUserOperationParameters,
): Promise<DropAndReplaceUserOperationReturnType> {
  const { uoToDrop } = parameters;
  const operation = await prepareUserOperation(client, {
    callData: uoToDrop.callData,
    nonce: uoToDrop.nonce,
    ...(parameters.feeOptions ? { feeOptions: parameters.feeOptions } : {}),
    minFees: {
      maxFeePerGas: bumpFee(uoToDrop.maxFeePerGas),
      maxPriorityFeePerGas: bumpFee(uoToDrop.maxPriorityFeePerGas),
    },
    sponsored: uoToDrop.paymaster !== undefined && uoToDrop.paymaster !== null,
  });
  return await sendPreparedUserOperation(client, operation);
}
