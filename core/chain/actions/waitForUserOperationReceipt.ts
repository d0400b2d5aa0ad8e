// Polls for a user operation's receipt with the retry settings: a look-up now, then after
// interval × multiplier^i for each retry.
import type { Hash } from "viem";
import {
  type UserOperationReceipt,
  UserOperationReceiptNotFoundError,
  getUserOperationReceipt,
} from "viem/account-abstraction";
import type { AbortOptions } from "../../abort";
import { pause } from "../../signer/transport";
import type { SmartAccountClient } from "../client";
import { UserOperationNotFoundError } from "../errors";
import { type RetrySettings, resolveRetrySettings, retryDelays } from "../fees/retry";

/** The user operation hash to wait for, and optional retry settings. */
export interface WaitForUserOperationReceiptParameters {
  hash: Hash;
  /** Overrides the client's retry settings for this wait. */
  retry?: Partial<RetrySettings>;
}

/** The bundler's receipt of the included user operation. */
export type WaitForUserOperationReceiptReturnType = UserOperationReceipt<"0.7">;

/** Polls the bundler until the user operation is included, and returns its receipt. */
export async function waitForUserOperationReceipt(
  client: SmartAccountClient,
  parameters: WaitForUserOperationReceiptParameters,
  { signal }: AbortOptions = {},
): Promise<WaitForUserOperationReceiptReturnType> {
  const settings = parameters.retry ? resolveRetrySettings({ ...client.retry, ...parameters.retry }) : client.retry;
  const delays = retryDelays(settings);
  for (let attempt = 0; ; attempt++) {
    signal?.throwIfAborted();
    try {
      const receipt = await getUserOperationReceipt(client.bundler, { hash: parameters.hash });
      // viem 2.57 leaves the nonce as the bundler's hex string; the type promises a bigint.
      return { ...receipt, nonce: BigInt(receipt.nonce) } as UserOperationReceipt<"0.7">;
    } catch (error) {
      if (!(error instanceof UserOperationReceiptNotFoundError)) throw error;
    }
    const delay = delays[attempt];
    if (delay === undefined) throw new UserOperationNotFoundError(parameters.hash, attempt + 1);
    await pause(delay, signal);
  }
}
