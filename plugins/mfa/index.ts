import { mfaPlugin } from "../../lib/mfa/plugin";

/**
 * A second factor (TOTP authenticator app) for embedded users: the `totp_verify` step (which the
 * code methods already bring) and the account actions to add, verify, remove and list factors.
 */
export const mfa = () => mfaPlugin;

export { useMFA } from "../../lib/mfa/useMFA";
export { addMfa, UnsupportedMfaFactorError, type AddMfaParameters, type AddMfaReturnType, type AddMfaErrorType } from "../../lib/mfa/actions/addMfa";
export { verifyMfa, type VerifyMfaParameters, type VerifyMfaReturnType } from "../../lib/mfa/actions/verifyMfa";
export { removeMfa, type RemoveMfaParameters, type RemoveMfaReturnType } from "../../lib/mfa/actions/removeMfa";
export { getMfaFactors, type GetMfaFactorsReturnType } from "../../lib/mfa/actions/getMfaFactors";
export { validateMultiFactors, type ValidateMultiFactorsParameters, type ValidateMultiFactorsReturnType } from "../../lib/mfa/actions/validateMultiFactors";
export { MFA_ACTIONS, MFA_FACTOR_TYPE } from "../../lib/mfa/actions/mfaProof";
export type { MultiFactorCode } from "../../lib/mfa/registry";
