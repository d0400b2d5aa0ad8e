import { getEmbeddedSigner, LatchError, type AbortOptions, type Kit } from "latch-kit";
import { MFA_ACTIONS, MFA_FACTOR_TYPE, mfaProof } from "./mfaProof";

export class UnsupportedMfaFactorError extends LatchError {
  override readonly name = "UnsupportedMfaFactorError" as const;
  constructor() {
    super("Unsupported MFA factor type");
  }
}

/** The kind of second factor to add (`"totp"`). */
export interface AddMfaParameters {
  multiFactorType: string;
}
/** The new factor's id and the otpauth URL to scan. */
export interface AddMfaReturnType {
  multiFactorId: string;
  multiFactorTotpUrl: string;
}
/** What {@link addMfa} throws for a factor type it does not support. */
export type AddMfaErrorType = UnsupportedMfaFactorError;

/** Starts enrolling an authenticator app: the otpauth URL to scan; verifyMfa completes it. */
export async function addMfa(kit: Kit, params: AddMfaParameters, options: AbortOptions = {}): Promise<AddMfaReturnType> {
  if (params.multiFactorType !== MFA_FACTOR_TYPE) throw new UnsupportedMfaFactorError();
  const signer = getEmbeddedSigner(kit);
  // Enrolling or replacing a factor needs a fresh proof when the sign-in is not recent (step-up): the kit asks for it and retries.
  const answer = await signer.stepUp(async () => {
    const stampedRequest = await mfaProof(kit, MFA_ACTIONS.add, options);
    return signer.client.request("auth-request-multi-factor", { stampedRequest, multiFactorType: MFA_FACTOR_TYPE }, options);
  }, options);
  return { multiFactorId: answer.multiFactorId, multiFactorTotpUrl: answer.multiFactorTotpUrl };
}
