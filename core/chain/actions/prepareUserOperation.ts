// Builds an unsigned user operation: calls, nonce, fees (with the fee options), sponsorship stub, gas estimate
// (with the fee options), then the paymaster's final data — which signs over the gas values, so the options are
// applied before it.
import type { Hex } from "viem";
import {
  type UserOperation,
  estimateUserOperationGas,
  getPaymasterData,
  getPaymasterStubData,
} from "viem/account-abstraction";
import type { Call } from "../accounts/toLatchAccount";
import type { SmartAccountClient } from "../client";
import { type FeeOptions, applyFeeOptions, validateFeeOptions } from "../fees/feeOptions";
import { type UserOperationFees, estimateUserOperationFees } from "../fees/estimateFees";

/** What to prepare: `calls` (or `callData`), with optional fee and gas overrides. */
export type PrepareUserOperationParameters = (
  | { calls: readonly Call[]; callData?: undefined }
  | { callData: Hex; calls?: undefined }
) & {
  /** Default: the account's next nonce (key 0). */
  nonce?: bigint;
  /** Merged over the client's fee options for this operation. */
  feeOptions?: FeeOptions;
  /** Fees are raised to at least these (drop-and-replace). */
  minFees?: UserOperationFees;
  /** false sends this one unsponsored even if the client has a policy. */
  sponsored?: boolean;
};

/** A complete, signed-ready EntryPoint v0.7 user operation. */
export type PrepareUserOperationReturnType = UserOperation<"0.7">;

function mergeFeeOptions(base: FeeOptions | undefined, override: FeeOptions | undefined): FeeOptions | undefined {
  if (!override) return base;
  const merged: FeeOptions = { ...base };
  for (const [field, option] of Object.entries(validateFeeOptions(override))) {
    merged[field as keyof FeeOptions] = { ...base?.[field as keyof FeeOptions], ...option };
  }
  return merged;
}

/** Fills a user operation (nonce, gas, fees, paymaster data) for the client's smart account. */
export async function prepareUserOperation(
  client: SmartAccountClient,
  parameters: PrepareUserOperationParameters,
): Promise<PrepareUserOperationReturnType> {
  const { account, bundler, chain } = client;
  const feeOptions = mergeFeeOptions(client.feeOptions, parameters.feeOptions);
  const context = parameters.sponsored === false ? undefined : client.sponsorship;
  const entryPointAddress = account.entryPoint.address;

  const [callData, factoryArgs, nonce, estimatedFees, signature] = await Promise.all([
    parameters.calls ? account.encodeCalls(parameters.calls) : Promise.resolve(parameters.callData),
    account.getFactoryArgs(),
    parameters.nonce === undefined ? account.getNonce() : Promise.resolve(parameters.nonce),
    estimateUserOperationFees(bundler),
    account.getStubSignature(),
  ]);

  let fees = applyFeeOptions(estimatedFees, feeOptions);
  if (parameters.minFees) {
    fees = {
      maxFeePerGas: fees.maxFeePerGas > parameters.minFees.maxFeePerGas ? fees.maxFeePerGas : parameters.minFees.maxFeePerGas,
      maxPriorityFeePerGas:
        fees.maxPriorityFeePerGas > parameters.minFees.maxPriorityFeePerGas
          ? fees.maxPriorityFeePerGas
          : parameters.minFees.maxPriorityFeePerGas,
    };
  }

  let operation = {
    sender: account.address,
    nonce,
    callData,
    ...(factoryArgs.factory && factoryArgs.factoryData
      ? { factory: factoryArgs.factory, factoryData: factoryArgs.factoryData }
      : {}),
    ...fees,
    callGasLimit: 0n,
    verificationGasLimit: 0n,
    preVerificationGas: 0n,
    signature,
  } as UserOperation<"0.7">;

  let paymasterIsFinal = false;
  if (context) {
    const { isFinal = false, sponsor: _sponsor, ...stub } = await getPaymasterStubData(bundler, {
      ...operation,
      chainId: chain.id,
      entryPointAddress,
      context,
    });
    paymasterIsFinal = isFinal;
    operation = { ...operation, ...stub } as UserOperation<"0.7">;
  }

  const gas = await estimateUserOperationGas(bundler as Parameters<typeof estimateUserOperationGas>[0], {
    ...operation,
    entryPointAddress,
  } as Parameters<typeof estimateUserOperationGas>[1]);
  operation = {
    ...operation,
    ...applyFeeOptions(
      {
        callGasLimit: gas.callGasLimit,
        verificationGasLimit: gas.verificationGasLimit,
        preVerificationGas: gas.preVerificationGas,
        ...(operation.paymaster
          ? {
              paymasterVerificationGasLimit: gas.paymasterVerificationGasLimit ?? operation.paymasterVerificationGasLimit,
              paymasterPostOpGasLimit: gas.paymasterPostOpGasLimit ?? operation.paymasterPostOpGasLimit,
            }
          : {}),
      },
      feeOptions,
    ),
  };

  if (context && !paymasterIsFinal) {
    const data = await getPaymasterData(bundler, {
      ...operation,
      chainId: chain.id,
      entryPointAddress,
      context,
    });
    operation = { ...operation, ...data } as UserOperation<"0.7">;
  }
  return operation;
}
