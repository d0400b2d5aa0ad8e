declare module "latch-kit" {
  interface AuthStepRegistry {
    /** Before a new wallet is split: how its recovery share will be locked (passkey or code). */
    custody_recovery_setup: { error?: Error };
    /** The recovery code, shown once, to write down. */
    custody_recovery_code: { code: string };
    /** This device holds no share of the wallet: recover by passkey or code. */
    custody_recover: { error?: Error };
  }
}

export {};
