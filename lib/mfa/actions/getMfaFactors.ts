import { getEmbeddedSigner, type Kit, type MfaFactor } from "latch-kit";
import { MFA_ACTIONS, mfaProof } from "./mfaProof";

/** The user's second factors. */
export type GetMfaFactorsReturnType = MfaFactor[];

/** The signed-in user's second factors. */
export async function getMfaFactors(kit: Kit): Promise<GetMfaFactorsReturnType> {
  const stampedRequest = await mfaProof(kit, MFA_ACTIONS.list);
  return (await getEmbeddedSigner(kit).client.request("auth-list-multi-factors", { stampedRequest })).multiFactors;
}
