// Signs a message as the smart account: ERC-1271, wrapped in ERC-6492 while the account is not deployed.
import type { Hex, SignableMessage } from "viem";
import type { SmartAccountClient } from "../client";

export interface SignMessageParameters {
  message: SignableMessage;
}

export type SignMessageReturnType = Hex;

export async function signMessage(
  client: SmartAccountClient,
  parameters: SignMessageParameters,
): Promise<SignMessageReturnType> {
  return await client.account.signMessage({ message: parameters.message });
}
