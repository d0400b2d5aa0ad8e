import type { Hex, SignableMessage } from "viem";
import type { Kit } from "../kit-types";
import { accountSignerFor } from "./accountSigner";

/** The message for {@link signMessage}: a string, or `{ raw }` bytes. */
export interface SignMessageParameters {
  message: SignableMessage;
}
/** The signature, hex encoded. */
export type SignMessageReturnType = Hex;

/** Signs an EIP-191 message with the signed-in user's wallet, embedded or external. */
export async function signMessage(kit: Kit, { message }: SignMessageParameters): Promise<SignMessageReturnType> {
  return accountSignerFor(kit).signMessage(kit, message);
}
