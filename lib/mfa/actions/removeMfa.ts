import { getEmbeddedSigner, type AbortOptions, type Kit, type MfaFactor } from "latch-kit";
import { MFA_ACTIONS, mfaProof } from "./mfaProof";

/** The ids of the factors to remove. */
export interface RemoveMfaParameters {
  multiFactorIds: string[];
}
/** The second factors left. */
export type RemoveMfaReturnType = MfaFactor[];

/** Removes second factors; answers the ones left. */
export async function removeMfa(kit: Kit, params: RemoveMfaParameters, options: AbortOptions = {}): Promise<RemoveMfaReturnType> {
  const stampedRequest = await mfaProof(kit, MFA_ACTIONS.delete, options);
  const body = { stampedRequest, multiFactorIds: params.multiFactorIds };
  return (await getEmbeddedSigner(kit).client.request("auth-delete-multi-factors", body, options)).multiFactors;
}
