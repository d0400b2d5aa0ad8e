import type { Hex, TypedDataDefinition } from "viem";
import type { Kit } from "../kit-types";
import { getEmbeddedSigner } from "../signer/index";

export type SignTypedDataParameters = TypedDataDefinition;
export type SignTypedDataReturnType = Hex;

/** Signs EIP-712 typed data with the signed-in user's wallet. */
export function signTypedData(kit: Kit, typedData: SignTypedDataParameters): Promise<SignTypedDataReturnType> {
  return getEmbeddedSigner(kit).signTypedData(typedData);
}
