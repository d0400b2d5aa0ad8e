import type { ServerContext } from "../context";
import { badRequest } from "../errors";
import type { SocialProvider } from "./socialProvider";
import { devIdp, TokenError } from "./provider";
import { devProviders } from "./providers";

/** The dev identity provider's issuers as social providers: the code exchange runs in process. */
export function devSocialProviders(ctx: ServerContext): SocialProvider[] {
  const idp = devIdp(ctx);
  return devProviders(ctx.publicUrl).map((provider) => ({
    id: provider.id,
    isCustomProvider: false,
    clientId: provider.clientId,
    issuer: { id: provider.id, issuer: provider.issuer, audiences: [provider.clientId], keys: () => idp.keySet() },
    authEndpoint: async () => provider.authorizationEndpoint,
    async exchangeCode({ code, redirectUri, codeVerifier }) {
      try {
        const tokens = await idp.exchangeCode(provider, { code, redirectUri, clientId: provider.clientId, codeVerifier, grantType: "authorization_code" });
        return { idToken: tokens.id_token, accessToken: tokens.access_token };
      } catch (error) {
        if (error instanceof TokenError) throw badRequest("TOKEN_EXCHANGE_FAILED", `${provider.name} refused the code: ${error.description}`);
        throw error;
      }
    },
  }));
}
