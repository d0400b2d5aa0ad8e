import type { Hex, SignableMessage } from "viem";
import type { Kit } from "../kit-types";
import { getEmbeddedSigner } from "../signer/index";

export interface SignMessageParameters {
  message: SignableMessage;
}
export type SignMessageReturnType = Hex;

/** Signs an EIP-191 message with the signed-in user's wallet. */
export function signMessage(kit: Kit, { message }: SignMessageParameters): Promise<SignMessageReturnType> {
  return getEmbeddedSigner(kit).signMessage(message);
}
