/** The providers the development identity provider stands in for; each is its own OIDC issuer on the emulator's origin. */
export const DEV_PROVIDER_IDS = ["google", "facebook", "apple", "twitch", "auth0"] as const;

export type DevProviderId = (typeof DEV_PROVIDER_IDS)[number];

export interface DevProvider {
  id: DevProviderId;
  /** Shown on the login page. */
  name: string;
  clientId: string;
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  userinfoEndpoint: string;
  jwksUri: string;
}

const NAMES: Record<DevProviderId, string> = {
  google: "Google",
  facebook: "Facebook",
  apple: "Apple",
  twitch: "Twitch",
  auth0: "Auth0",
};

export function isDevProviderId(id: string): id is DevProviderId {
  return (DEV_PROVIDER_IDS as readonly string[]).includes(id);
}

/** A provider's endpoints under `{publicUrl}/idp/<id>`. */
export function devProvider(publicUrl: string, id: DevProviderId): DevProvider {
  const issuer = `${publicUrl}/idp/${id}`;
  return {
    id,
    name: NAMES[id],
    clientId: `latch-dev-${id}`,
    issuer,
    authorizationEndpoint: `${issuer}/authorize`,
    tokenEndpoint: `${issuer}/token`,
    userinfoEndpoint: `${issuer}/userinfo`,
    jwksUri: `${issuer}/jwks`,
  };
}

export function devProviders(publicUrl: string): DevProvider[] {
  return DEV_PROVIDER_IDS.map((id) => devProvider(publicUrl, id));
}

/** The identities listed on the login page (any other email can be typed in). */
export const TEST_IDENTITIES = [
  { name: "Ada Lovelace", email: "ada@example.com" },
  { name: "Grace Hopper", email: "grace@example.com" },
  { name: "Alan Turing", email: "alan@example.com" },
] as const;
