import { getEmbeddedSigner, type Kit, type MfaFactor } from "latch-kit";
import { MFA_ACTIONS, mfaProof } from "./mfaProof";

/** The ids of the factors to remove. */
export interface RemoveMfaParameters {
  multiFactorIds: string[];
}
/** The second factors left. */
export type RemoveMfaReturnType = MfaFactor[];

/** Removes second factors; answers the ones left. */
export async function removeMfa(kit: Kit, params: RemoveMfaParameters): Promise<RemoveMfaReturnType> {
  const stampedRequest = await mfaProof(kit, MFA_ACTIONS.delete);
  return (await getEmbeddedSigner(kit).client.request("auth-delete-multi-factors", { stampedRequest, ...params })).multiFactors;
}
