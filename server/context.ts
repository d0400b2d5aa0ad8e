import type { WalletDeriver } from "./crypto/derivationPool";
import type { Database } from "./db/sql";
import type { KeyRing } from "./custody/keyEncryptionKey";
import type { Secrets } from "./crypto/secrets";
import type { EmailMode, JwtIssuerOption, Limits, Profile } from "./settings";
import type { OriginPolicy } from "./origins";
import type { Delivery } from "./delivery/types";
import type { Observer } from "./observer";
import type { SocialProvider } from "./idp/socialProvider";
import type { ServerPart } from "./method";

/** Everything a route needs: one per emulator instance, so instances never share state. */
export interface EmulatorContext {
  db: Database;
  secrets: Secrets;
  limits: Limits;
  emailMode: EmailMode;
  appUrl: string | undefined;
  /** Set when keys and ids are derived from a seed. */
  seeded: boolean;
  now(): number;
  /** The key-encryption keys that wrap each wallet's data key (the first wraps new ones). */
  keys: KeyRing;
  /** The URL the emulator answers on, known once it listens. */
  publicUrl: string;
  /** JWT issuers configured besides the dev identity provider's. */
  jwtIssuers: JwtIssuerOption[];
  /** App origins (CORS, magic-link and OAuth return targets, passkey origins) and the Host names answered. */
  origins: OriginPolicy;
  /** dev: the dev inbox, dev identity provider and dev JWT issuer exist; production: they do not. */
  profile: Profile;
  /** Redirect URIs the dev identity provider accepts besides its own /callback (another server using it as an external provider). */
  idpRedirectUris: string[];
  /** Where codes and links go: the dev inbox, or SMTP and an SMS provider. */
  delivery: Delivery;
  /** Social sign-in providers configured besides the dev identity provider (production: real OIDC providers). */
  socialProviders: SocialProvider[];
  observer: Observer;
  /** The sign-in methods this instance serves and their shared parts, each once (server/methods.ts plus `startEmulator({ methods })`). */
  methods: ServerPart[];
  /** Derives wallets from mnemonics (on worker threads when configured). */
  deriver: WalletDeriver;
}
