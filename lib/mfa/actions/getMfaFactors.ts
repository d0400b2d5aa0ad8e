import { getEmbeddedSigner, type AbortOptions, type Kit, type MfaFactor } from "latch-kit";
import { MFA_ACTIONS, mfaProof } from "./mfaProof";

/** The user's second factors. */
export type GetMfaFactorsReturnType = MfaFactor[];

/** The signed-in user's second factors. */
export async function getMfaFactors(kit: Kit, options: AbortOptions = {}): Promise<GetMfaFactorsReturnType> {
  const stampedRequest = await mfaProof(kit, MFA_ACTIONS.list, options);
  return (await getEmbeddedSigner(kit).client.request("auth-list-multi-factors", { stampedRequest }, options)).multiFactors;
}
