declare module "latch-kit" {
  interface AuthenticatePayloadRegistry {
    /** Sign-in with a JWT the app's own auth issued. */
    "custom-jwt": { jwt: string; authProviderId: string; expirationSeconds?: number };
  }
  interface SignerStatusRegistry {
    AUTHENTICATING_JWT: true;
  }
  interface SessionTypeRegistry {
    "custom-jwt": true;
  }
}

export {};
