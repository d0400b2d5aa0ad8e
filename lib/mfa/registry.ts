// What a second factor adds to the kit: its status, its step, its part of the signer state.

/** A code for one second factor: its id and the code. */
export interface MultiFactorCode {
  multiFactorId: string;
  multiFactorCode: string;
}

declare module "latch-kit" {
  interface SignerStatusRegistry {
    AWAITING_MFA_AUTH: true;
  }
  interface SignerState {
    /** `previousStep` and `email`: how the factor completes the sign-in (totp_verify reads them). */
    mfaStatus?: { mfaRequired: boolean; mfaFactorId?: string; previousStep?: "magicLink" | "otp"; email?: string };
  }
  interface AuthStepRegistry {
    /** `previousStep` "stepUp": the code confirms a sensitive change of a signed-in user (step-up), not a sign-in. */
    totp_verify: { factorId: string; previousStep: "magicLink" | "otp" | "stepUp"; email?: string; error?: Error };
  }
}
