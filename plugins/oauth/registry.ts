import type { OauthPayload, SocialStepConfig } from "./config";

declare module "latch-kit" {
  interface AuthStepRegistry {
    oauth_completing: { config: SocialStepConfig; error?: Error };
  }
  interface AuthenticatePayloadRegistry {
    oauth: OauthPayload;
  }
}

export {};
