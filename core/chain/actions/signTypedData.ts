// Signs EIP-712 typed data as the smart account: ERC-1271, wrapped in ERC-6492 while not deployed.
import type { Hex, TypedData, TypedDataDefinition } from "viem";
import type { SmartAccountClient } from "../client";

export type SignTypedDataParameters<
  typedData extends TypedData | Record<string, unknown> = TypedData,
  primaryType extends keyof typedData | "EIP712Domain" = keyof typedData,
> = TypedDataDefinition<typedData, primaryType>;

export type SignTypedDataReturnType = Hex;

export async function signTypedData<
  const typedData extends TypedData | Record<string, unknown>,
  primaryType extends keyof typedData | "EIP712Domain",
>(
  client: SmartAccountClient,
  parameters: SignTypedDataParameters<typedData, primaryType>,
): Promise<SignTypedDataReturnType> {
  return await client.account.signTypedData(parameters);
}
