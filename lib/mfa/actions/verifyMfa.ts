import { getEmbeddedSigner, type AbortOptions, type Kit, type MfaFactor } from "latch-kit";
import type { MultiFactorCode } from "../registry";
import { MFA_ACTIONS, mfaProof } from "./mfaProof";

/** The new factor's id and a code from the authenticator app. */
export type VerifyMfaParameters = MultiFactorCode;
/** The user's second factors. */
export type VerifyMfaReturnType = MfaFactor[];

/** Completes enrolling a factor with a code from the authenticator app. */
export async function verifyMfa(kit: Kit, params: VerifyMfaParameters, options: AbortOptions = {}): Promise<VerifyMfaReturnType> {
  const stampedRequest = await mfaProof(kit, MFA_ACTIONS.verify, options);
  const body = { stampedRequest, multiFactorId: params.multiFactorId, multiFactorCode: params.multiFactorCode };
  return (await getEmbeddedSigner(kit).client.request("auth-verify-multi-factor", body, options)).multiFactors;
}
