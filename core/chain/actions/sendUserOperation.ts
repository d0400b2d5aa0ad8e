// Prepares, signs and sends a user operation (one call or a batch); returns its hash and the signed request.
import type { Hash } from "viem";
import { type UserOperation, formatUserOperationRequest } from "viem/account-abstraction";
import { untilAborted, type AbortOptions } from "../../abort";
import type { SmartAccountClient } from "../client";
import { type PrepareUserOperationParameters, prepareUserOperation } from "./prepareUserOperation";

/** What to send: `calls` (or `callData`), with optional fee and gas overrides. */
export type SendUserOperationParameters = PrepareUserOperationParameters;

/** The sent user operation's hash and the request that was signed. */
export interface SendUserOperationReturnType {
  hash: Hash;
  /** The operation as sent: keep it to drop and replace it. */
  request: UserOperation<"0.7">;
}

/** Signs an operation prepared elsewhere and hands it to the bundler. */
export async function sendPreparedUserOperation(
  client: SmartAccountClient,
  operation: UserOperation<"0.7">,
  { signal }: AbortOptions = {},
): Promise<SendUserOperationReturnType> {
  const signature = await untilAborted(client.account.signUserOperation({ ...operation, chainId: client.chain.id }), signal);
  // Once signed and not aborted it goes to the bundler: an operation half-sent is worse than one sent.
  signal?.throwIfAborted();
  const request = { ...operation, signature };
  const hash = (await client.bundler.request({
    method: "eth_sendUserOperation",
    params: [formatUserOperationRequest(request), client.account.entryPoint.address],
  } as never)) as Hash;
  return { hash, request };
}

/** Prepares, signs and sends a user operation from the client's smart account. */
export async function sendUserOperation(
  client: SmartAccountClient,
  parameters: SendUserOperationParameters,
  options: AbortOptions = {},
): Promise<SendUserOperationReturnType> {
  return await sendPreparedUserOperation(client, await untilAborted(prepareUserOperation(client, parameters), options.signal), options);
}
