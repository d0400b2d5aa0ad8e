import { getEmbeddedSigner, type Kit, type MfaFactor } from "latch-kit";
import { MFA_ACTIONS, mfaProof } from "./mfaProof";

export interface RemoveMfaParameters {
  multiFactorIds: string[];
}
export type RemoveMfaReturnType = MfaFactor[];

/** Removes second factors; answers the ones left. */
export async function removeMfa(kit: Kit, params: RemoveMfaParameters): Promise<RemoveMfaReturnType> {
  const stampedRequest = await mfaProof(kit, MFA_ACTIONS.delete);
  return (await getEmbeddedSigner(kit).client.request("auth-delete-multi-factors", { stampedRequest, ...params })).multiFactors;
}
