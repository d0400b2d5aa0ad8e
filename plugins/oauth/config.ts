import { ConfigError } from "latch-kit";

/** The providers the kit knows defaults for. */
export const KNOWN_PROVIDERS = ["google", "facebook", "apple", "twitch", "auth0"] as const;
/** One of {@link KNOWN_PROVIDERS}. */
export type KnownProvider = (typeof KNOWN_PROVIDERS)[number];

/** How the provider's page opens: a redirect or a popup. */
export type OauthMode = "redirect" | "popup";

/** One `social` entry of `ui.auth.sections`. */
export type SocialSectionConfig = {
  type: "social";
  authProviderId: string;
  /** Default redirect. Popup mode opens a 500x600 window; the kit prepares it when any entry uses it. */
  mode?: OauthMode;
  isCustomProvider?: boolean;
  /** auth0: the upstream connection (e.g. 'github'). */
  auth0Connection?: string;
  logoUrl?: string;
  logoUrlDark?: string;
  /** Shown instead of the provider id ('Continue with {displayName}'). */
  displayName?: string;
  /** Default: the provider's default scope. */
  scope?: string;
  claims?: string;
};

/** What the oauth_completing step carries. */
export type SocialStepConfig = Omit<SocialSectionConfig, "type">;

/** `kit.authenticate({ type: "oauth", ... })`. */
export interface OauthPayload {
  authProviderId: string;
  mode: OauthMode;
  isCustomProvider?: boolean;
  auth0Connection?: string;
  scope?: string;
  claims?: string;
  otherParameters?: Record<string, string>;
  /** Redirect mode: where the provider's answer comes back; default the current page. */
  redirectUrl?: string;
  expirationSeconds?: number;
  /** Only fetch the provider's id token (adding a provider); nobody is signed in. */
  fetchIdTokenOnly?: boolean;
  /** Aborting closes the popup and rejects the sign-in at once with the signal's reason. */
  signal?: AbortSignal;
  /** Shown on screens; not sent. */
  displayName?: string;
}

const DEFAULT_SCOPE_AND_CLAIMS: Record<KnownProvider, { scope: string; claims?: string }> = {
  google: { scope: "openid email" },
  // Apple sends the name (on the first sign-in) only when asked for it, and then only by form_post.
  apple: { scope: "openid name email" },
  facebook: { scope: "openid email" },
  // Twitch puts claims in the id token only when asked through `claims` (email_verified too).
  twitch: { scope: "openid user:read:email", claims: JSON.stringify({ id_token: { email: null, email_verified: null } }) },
  auth0: { scope: "openid email" },
};

export function isKnownProvider(id: string): id is KnownProvider {
  return (KNOWN_PROVIDERS as readonly string[]).includes(id);
}

/** The default scope (and claims) of a known provider. */
export function defaultScopeAndClaims(id: string): { scope: string; claims?: string } | undefined {
  return isKnownProvider(id) ? DEFAULT_SCOPE_AND_CLAIMS[id] : undefined;
}

/** The provider name shown on screens: displayName, otherwise the provider id (capitalised). */
export function providerDisplayName(config: { authProviderId: string; displayName?: string }): string {
  if (config.displayName) return config.displayName;
  const id = config.authProviderId;
  return id.charAt(0).toUpperCase() + id.slice(1);
}

export function stepConfigOf(config: SocialSectionConfig | SocialStepConfig): SocialStepConfig {
  const { type: _type, ...rest } = config as SocialSectionConfig;
  return rest;
}

export function payloadOf(config: SocialStepConfig): OauthPayload {
  return {
    authProviderId: config.authProviderId,
    mode: config.mode ?? "redirect",
    ...(config.isCustomProvider !== undefined ? { isCustomProvider: config.isCustomProvider } : {}),
    ...(config.auth0Connection ? { auth0Connection: config.auth0Connection } : {}),
    ...(config.scope ? { scope: config.scope } : {}),
    ...(config.claims ? { claims: config.claims } : {}),
    ...(config.displayName ? { displayName: config.displayName } : {}),
  };
}

/** The social entries of the configured sections. */
export function socialSections(sections: ReadonlyArray<ReadonlyArray<{ type: string }>> | undefined): SocialSectionConfig[] {
  return (sections ?? []).flat().filter((s): s is SocialSectionConfig => s.type === "social");
}

/** Refuses, at createKit, a social entry the kit cannot draw. */
export function assertSocialSections(sections: SocialSectionConfig[]): void {
  for (const section of sections) {
    const id = section.authProviderId;
    if (typeof id !== "string" || !id) throw new ConfigError("Invalid Latch config: a social section needs an authProviderId");
    if (!isKnownProvider(id) && !section.isCustomProvider) throw new ConfigError(`Unhandled social id: ${id}`);
    if (section.mode !== undefined && section.mode !== "redirect" && section.mode !== "popup") {
      throw new ConfigError(`Invalid Latch config: the social section ${id} has mode ${String(section.mode)} (redirect or popup)`);
    }
  }
}

