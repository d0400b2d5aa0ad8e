import { getEmbeddedSigner, type AbortOptions, type Kit, type MfaFactor } from "latch-kit";
import { MFA_ACTIONS, mfaProof } from "./mfaProof";

/** The ids of the factors to remove. */
export interface RemoveMfaParameters {
  multiFactorIds: string[];
}
/** The second factors left. */
export type RemoveMfaReturnType = MfaFactor[];

/** Removes second factors (after a step-up the kit asks for); answers the ones left. */
export async function removeMfa(kit: Kit, params: RemoveMfaParameters, options: AbortOptions = {}): Promise<RemoveMfaReturnType> {
  const signer = getEmbeddedSigner(kit);
  // The backend asks for a fresh proof first (step-up: the factor's code); the kit asks the user, then retries.
  return signer.stepUp(async () => {
    const stampedRequest = await mfaProof(kit, MFA_ACTIONS.delete, options);
    return (await signer.client.request("auth-delete-multi-factors", { stampedRequest, multiFactorIds: params.multiFactorIds }, options)).multiFactors;
  }, options);
}
