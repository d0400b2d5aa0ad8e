import { type } from "arktype";
import { DEFAULTS } from "./constants";
import { ConfigError } from "./errors";
import type { LatchPlugin, SectionConfig } from "./plugin";
import type { IllustrationStyle, ThemeMode, UiMode, User } from "./types";

const sectionSchema = type({
  type: "string > 0",
  "authProviderId?": "string",
  "isCustomProvider?": "boolean",
  "auth0Connection?": "string",
  "mode?": "'redirect' | 'popup'",
  "logoUrl?": "string",
  "logoUrlDark?": "string",
  "displayName?": "string",
  "numFeaturedWallets?": "number.integer >= 0",
  "moreButtonText?": "string",
  "hideMoreButton?": "boolean",
  "wallets?": "string[]",
  "chainType?": "('evm' | 'svm')[]",
});

const uiSchema = type({
  "+": "reject",
  "auth?": {
    "+": "reject",
    sections: sectionSchema.array().array(),
    "header?": "unknown",
    "hideSignInText?": "boolean",
    "addPasskeyOnSignup?": "boolean",
  },
  "illustrationStyle?": "'outline' | 'linear' | 'filled' | 'flat'",
  "modalBaseClassName?": "string",
  "uiMode?": "'modal' | 'embedded'",
  "onAuthSuccess?": "Function",
  "supportUrl?": "string",
  "theme?": "'light' | 'dark' | 'system'",
  "strings?": "Record<string, Record<string, string>>",
  "hideCloseButton?": "boolean",
});

const kitSchema = type({
  "plugins?": type({ id: "string > 0" }).array(),
  "ui?": uiSchema,
  "signer?": "object",
});

export interface UiAuthConfig {
  /** Groups of sign-in options; an 'or' divider separates groups. */
  sections: SectionConfig[][];
  header?: unknown;
  hideSignInText?: boolean;
  addPasskeyOnSignup?: boolean;
}

export interface UiConfig {
  auth?: UiAuthConfig;
  illustrationStyle?: IllustrationStyle;
  modalBaseClassName?: string;
  uiMode?: UiMode;
  onAuthSuccess?: (user: User | null) => void;
  /** Shown as 'contact support' links where the spec allows them; none when unset. */
  supportUrl?: string;
  /** Initial theme when nothing is stored under `theme`; default system. */
  theme?: ThemeMode;
  /** Replacement texts per string table id (`renderer`, or a plugin's id): a translation. */
  strings?: Record<string, Record<string, string>>;
  /** The modal shows a close button unless this is set. */
  hideCloseButton?: boolean;
}

/** Plugins read their own part of `signer` (connection, session, frames): see the signer config. */
export interface KitConfig {
  plugins?: LatchPlugin[];
  ui?: UiConfig;
  signer?: Record<string, unknown>;
}

export interface ResolvedUiConfig extends UiConfig {
  uiMode: UiMode;
  illustrationStyle: IllustrationStyle;
}

export interface ResolvedKitConfig {
  plugins: LatchPlugin[];
  ui: ResolvedUiConfig;
  signer: Record<string, unknown>;
}

/** Validates a kit config (refusing it with a message naming the field) and applies spec §9 defaults. */
export function resolveKitConfig(config: KitConfig): ResolvedKitConfig {
  const checked = kitSchema(config);
  if (checked instanceof type.errors) throw new ConfigError(`Invalid Latch config: ${checked.summary}`);
  const ui = config.ui ?? {};
  return {
    plugins: config.plugins ?? [],
    signer: config.signer ?? {},
    ui: {
      ...ui,
      uiMode: ui.uiMode ?? DEFAULTS.uiMode,
      illustrationStyle: ui.illustrationStyle ?? "outline",
    },
  };
}
