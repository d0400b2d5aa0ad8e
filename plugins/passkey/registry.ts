declare module "latch-kit" {
  interface SignerMethodOptions {
    /** The passkeys' relying party; default this page's host name. */
    rpId?: string;
  }
  interface AuthStepRegistry {
    passkey_verify: { createNew?: boolean; email?: string; error?: Error };
    passkey_create: { error?: Error };
    passkey_create_success: {};
  }
  interface AuthenticatePayloadRegistry {
    passkey: { createNew: boolean; email?: string };
  }
  interface AccountCreationRegistry {
    passkey: { email?: string };
  }
  interface SignerStatusRegistry {
    AUTHENTICATING_PASSKEY: true;
  }
  interface SessionTypeRegistry {
    passkey: true;
  }
}

export {};
