import type { Hex, SignableMessage } from "viem";
import { untilAborted } from "../abort";
import type { Kit } from "../kit-types";
import { accountSignerFor } from "./accountSigner";

/** The message for {@link signMessage}: a string, or `{ raw }` bytes. */
export interface SignMessageParameters {
  message: SignableMessage;
  /** Aborting rejects at once with the signal's reason and stops the signing requests. */
  signal?: AbortSignal;
}
/** The signature, hex encoded. */
export type SignMessageReturnType = Hex;

/**
 * Signs an EIP-191 message with the signed-in user's wallet, embedded or external.
 *
 * @example
 * const signature = await signMessage(kit, { message: "hello" });
 * await verifyMessage({ address: kit.getUser()!.address, message: "hello", signature }); // viem: true
 */
export async function signMessage(kit: Kit, { message, signal }: SignMessageParameters): Promise<SignMessageReturnType> {
  signal?.throwIfAborted();
  return untilAborted(accountSignerFor(kit).signMessage(kit, message, { signal }), signal);
}
