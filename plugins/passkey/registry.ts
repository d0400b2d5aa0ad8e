declare module "latch-kit" {
  interface AuthStepRegistry {
    passkey_verify: { createNew?: boolean; email?: string; error?: Error };
    passkey_create: { error?: Error };
    passkey_create_success: {};
  }
  interface AuthenticatePayloadRegistry {
    passkey: { createNew: boolean; email?: string };
  }
  interface SignerStatusRegistry {
    AUTHENTICATING_PASSKEY: true;
  }
  interface SessionTypeRegistry {
    passkey: true;
  }
}

export {};
