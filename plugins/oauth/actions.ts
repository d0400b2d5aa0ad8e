import { getEmbeddedSigner, type AbortOptions, type Kit } from "latch-kit";
import type { OauthPayload } from "./config";
import { getOauthService, type OauthProviderInfo } from "./service";

/** A provider to link: a social login in a popup (its id token only), or an id token the app already has. */
export type AddOauthProviderParameters =
  | { providerName: string; oidcToken: string; signal?: AbortSignal }
  | Omit<OauthPayload, "mode" | "fetchIdTokenOnly" | "redirectUrl">;

/** The provider linked to the user. */
export type AddOauthProviderReturnType = OauthProviderInfo;

/**
 * Links a provider to the signed-in user (add-oauth-provider), then refreshes the listed auth methods.
 * With a social config it opens the popup at once (call it from a click; popup sign-in must be
 * enabled or prepared) and links the id token it fetches; nobody else is signed in.
 */
export function addOauthProvider(kit: Kit, params: AddOauthProviderParameters): Promise<AddOauthProviderReturnType> {
  const signer = getEmbeddedSigner(kit);
  const service = getOauthService(kit);
  try {
    signer.requireUser();
  } catch (error) {
    return Promise.reject(error);
  }
  const token =
    "oidcToken" in params
      ? Promise.resolve({ providerName: params.providerName, oidcToken: params.oidcToken })
      : service.authenticate({ ...params, mode: "popup", fetchIdTokenOnly: true }).then((result) => {
          if (result.status !== "FETCHED_ID_TOKEN_ONLY") throw new Error(`Unexpected ${result.status} while fetching an id token`);
          return { providerName: params.authProviderId, oidcToken: result.idToken };
        });
  const options = { signal: params.signal };
  return token.then(async (provider) => {
    const [added] = await service.addProviders([provider], options);
    await signer.listAuthMethods(options);
    return added!;
  });
}

/** Unlinks providers by id (remove-oauth-provider), then refreshes the listed auth methods. */
export async function removeOauthProvider(kit: Kit, providerId: string | string[], options: AbortOptions = {}): Promise<void> {
  await getOauthService(kit).removeProviders(Array.isArray(providerId) ? providerId : [providerId], options);
  await getEmbeddedSigner(kit).listAuthMethods(options);
}

/**
 * Prepares popup sign-in ahead of a click, for apps that neither set `enablePopupOauth` nor
 * configure a popup-mode social section (e.g. to link providers from their own settings page).
 */
export function preparePopupOauth(kit: Kit) {
  return getOauthService(kit).preparePopupOauth();
}
