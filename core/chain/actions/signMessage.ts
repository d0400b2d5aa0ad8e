// Signs a message as the smart account: ERC-1271, wrapped in ERC-6492 while the account is not deployed.
import type { Hex, SignableMessage } from "viem";
import type { SmartAccountClient } from "../client";
import { untilAborted, type AbortOptions } from "../../abort";

/** The message for {@link signMessage}, and optionally the account to sign with. */
export interface SignMessageParameters {
  message: SignableMessage;
}

/** The smart account's signature (ERC-6492 wrapped before deployment, ERC-1271 after). */
export type SignMessageReturnType = Hex;

/** Signs a message as the client's smart account; verifiable with viem's `verifyMessage`. */
export async function signMessage(
  client: SmartAccountClient,
  parameters: SignMessageParameters,
  { signal }: AbortOptions = {},
): Promise<SignMessageReturnType> {
  return await untilAborted(client.account.signMessage({ message: parameters.message }), signal);
}
