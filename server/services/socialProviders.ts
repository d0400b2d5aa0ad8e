import type { ServerContext } from "../context";
import { devSocialProviders } from "../idp/devSocialProviders";
import type { SocialProvider } from "../idp/socialProvider";

/** The configured providers, and in the dev profile the dev identity provider's. */
export function socialProvidersOf(ctx: ServerContext): SocialProvider[] {
  return ctx.profile === "dev" ? [...ctx.socialProviders, ...devSocialProviders(ctx)] : ctx.socialProviders;
}
