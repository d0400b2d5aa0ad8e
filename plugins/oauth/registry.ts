import type { User } from "latch-kit";
import type { OauthPayload, SocialStepConfig } from "./config";

declare module "latch-kit" {
  interface AuthStepRegistry {
    oauth_completing: { config: SocialStepConfig; error?: Error };
  }
  interface AuthenticatePayloadRegistry {
    oauth: OauthPayload;
  }
  interface KitEventRegistry {
    /** A social sign-in connected a user (spec §4 session events). */
    connectedOauth: User;
  }
}

export {};
