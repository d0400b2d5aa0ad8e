import type { Hex, TypedDataDefinition } from "viem";
import { untilAborted, type AbortOptions } from "../abort";
import type { Kit } from "../kit-types";
import { accountSignerFor } from "./accountSigner";

/** The EIP-712 typed data for {@link signTypedData}. */
export type SignTypedDataParameters = TypedDataDefinition;
/** The signature, hex encoded. */
export type SignTypedDataReturnType = Hex;

/** Signs EIP-712 typed data with the signed-in user's wallet, embedded or external. */
export async function signTypedData(kit: Kit, typedData: SignTypedDataParameters, options: AbortOptions = {}): Promise<SignTypedDataReturnType> {
  options.signal?.throwIfAborted();
  return untilAborted(accountSignerFor(kit).signTypedData(kit, typedData, options), options.signal);
}
