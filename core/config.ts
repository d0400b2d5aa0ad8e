import { DEFAULTS } from "./constants";
import { assertValid, kitSchemaWith } from "./config-schema";
import type { LatchPlugin, SectionConfig } from "./plugin";
import type { IllustrationStyle, ThemeMode, UiMode, User } from "./types";
import type { SignerConfig } from "./signer/config";

/** The sign-in dialog's content: its sections (groups of methods), header and sign-up options. */
export interface UiAuthConfig {
  /** Groups of sign-in options; an 'or' divider separates groups. */
  sections: SectionConfig[][];
  header?: unknown;
  hideSignInText?: boolean;
  addPasskeyOnSignup?: boolean;
}

/** The dialog's options: its sign-in sections, mode, illustrations and callbacks. */
export interface UiConfig {
  auth?: UiAuthConfig;
  illustrationStyle?: IllustrationStyle;
  modalBaseClassName?: string;
  uiMode?: UiMode;
  /** Called when sign-in completes, with the signed-in user. */
  onAuthSuccess?: (user: User | null) => void;
  /** Shown as 'contact support' links where the spec allows them; none when unset. */
  supportUrl?: string;
  /** Initial theme when nothing is stored under `theme`; default system. */
  theme?: ThemeMode;
  /** Replacement texts per string table id (`renderer`, or a plugin's id): a translation. */
  strings?: Record<string, Record<string, string>>;
  /** BCP 47 locale of the dialog (e.g. 'ar'); right-to-left languages lay the dialog out right to left. */
  locale?: string;
  /** The modal shows a close button unless this is set. */
  hideCloseButton?: boolean;
}

/** A kit's config (`createKit(config)`). Unknown keys are refused in development builds. */
export interface KitConfig {
  /**
   * Names this kit's stored state (remembered wallets, pairings), stable across reloads; give two
   * kits on one page different ids. Default "latch".
   */
  id?: string;
  plugins?: LatchPlugin[];
  ui?: UiConfig;
  /** Your Latch server and the embedded signer's session and frames: see {@link SignerConfig}. */
  signer?: SignerConfig;
}

/** The dialog's options after defaults. */
export interface ResolvedUiConfig extends UiConfig {
  uiMode: UiMode;
  illustrationStyle: IllustrationStyle;
}

/** The kit's config after defaults and checks (what `kit.config` holds). */
export interface ResolvedKitConfig {
  plugins: LatchPlugin[];
  ui: ResolvedUiConfig;
  signer: SignerConfig;
}

/** Validates a kit config (refusing it with a message naming the field) and applies the defaults. */
export function resolveKitConfig(config: KitConfig): ResolvedKitConfig {
  // Schema checks run in development builds; production builds drop them and arktype with them.
  if (process.env.NODE_ENV !== "production") assertValid(kitSchemaWith(signerMethodOptions(config.plugins ?? [])), config, "");
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

/** The signer keys the plugins (and the plugins they bring along) declare for their methods. */
function signerMethodOptions(plugins: readonly LatchPlugin[]): Record<string, string> {
  const options: Record<string, string> = {};
  const visit = (plugin: LatchPlugin) => {
    for (const required of plugin.requires ?? []) visit(required);
    Object.assign(options, plugin.signerOptions);
  };
  plugins.forEach(visit);
  return options;
}
