// Signs EIP-712 typed data as the smart account: ERC-1271, wrapped in ERC-6492 while not deployed.
import type { Hex, TypedData, TypedDataDefinition } from "viem";
import type { SmartAccountClient } from "../client";
import { untilAborted, type AbortOptions } from "../../abort";

/** The EIP-712 typed data for {@link signTypedData}, and optionally the account to sign with. */
export type SignTypedDataParameters<
  typedData extends TypedData | Record<string, unknown> = TypedData,
  primaryType extends keyof typedData | "EIP712Domain" = keyof typedData,
> = TypedDataDefinition<typedData, primaryType>;

/** The smart account's signature (ERC-6492 wrapped before deployment, ERC-1271 after). */
export type SignTypedDataReturnType = Hex;

/** Signs EIP-712 typed data as the client's smart account; verifiable with viem's `verifyTypedData`. */
export async function signTypedData<
  const typedData extends TypedData | Record<string, unknown>,
  primaryType extends keyof typedData | "EIP712Domain",
>(
  client: SmartAccountClient,
  parameters: SignTypedDataParameters<typedData, primaryType>,
  { signal }: AbortOptions = {},
): Promise<SignTypedDataReturnType> {
  return await untilAborted(client.account.signTypedData(parameters), signal);
}
