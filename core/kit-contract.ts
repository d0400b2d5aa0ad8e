// The kit contract: what a kit is (Kit, its events and config) and what a plugin brings to it
// (sections, steps, authenticators, listeners, account signers). These types describe each other —
// a kit installs plugins and a plugin's parts take the kit — so they live in one module, which
// imports no module that imports it back. Types only: nothing here exists at run time.
import type { Hex, SignableMessage, TypedDataDefinition } from "viem";
import type { Container } from "./container";
import type { Emitter } from "./events";
import type { AuthStep, AuthStepOf, AuthStepType } from "./steps";
import type { KitAtoms, KitStore } from "./store";
import type { AbortOptions, IllustrationStyle, SignerStatus, ThemeMode, UiMode, User } from "./types";
import type { SignerConfig } from "./signer/config";

/** Events of a kit; plugins add theirs by module augmentation. */
export interface KitEventRegistry {
  connected: User;
  /** A passkey sign-in connected a user. */
  connectedPasskey: User;
  /** A social sign-in connected a user. */
  connectedOauth: User;
  disconnected: void;
  authenticating: { type: string };
  newUserSignup: void;
  emailAuthLinkingRequired: { email: string; otpId?: string; orgId?: string; providerName?: string };
  statusChanged: SignerStatus;
  stepChanged: AuthStep;
  modalOpenChanged: boolean;
  /** Product analytics: named moments such as 'add passkey on signup success'. */
  track: { name: string; data?: Record<string, unknown> };
}

/** A Latch kit: the config, plugins, dialog state, signer status and user of one app. Made by {@link createKit}. */
export interface Kit {
  /** From the config (default "latch"): namespaces what plugins store. */
  readonly id: string;
  readonly config: ResolvedKitConfig;
  /** This kit's own child container: plugins register and resolve services here. */
  readonly container: Container;
  readonly store: KitStore;
  readonly atoms: KitAtoms;
  readonly events: Emitter<KitEventRegistry>;

  /** Installs a plugin (and the plugins it requires). */
  use(plugin: LatchPlugin): void;
  /** Whether a plugin of this id is installed. */
  hasPlugin(id: string): boolean;
  /** The section definition of a type, if a plugin provides it. */
  section(type: string): SectionDefinition | undefined;
  /** The step definition of a type. */
  step(type: AuthStepType): StepDefinition;

  /** The dialog's current step. */
  getStep(): AuthStep;
  /** Moves the dialog to a step. */
  setStep(step: AuthStep): void;
  /** Goes back to the previous step. */
  back(): void;
  /** Whether the dialog is open. */
  isModalOpen(): boolean;
  /** Opens the dialog, at its first step or the one given. */
  openModal(step?: AuthStep): void;
  /** Closes the dialog. */
  closeModal(): void;

  /** Switches the dialog's language: its locale (direction follows) and replacement string tables. */
  setLocale(locale: string | undefined, strings?: Record<string, Record<string, string>>): void;

  /** The signer status (`INITIALIZING`, `CONNECTED`, `DISCONNECTED`, or a plugin's). */
  getStatus(): SignerStatus;
  /** Sets the signer status (plugins do this). */
  setStatus(status: SignerStatus): void;
  /** The signed-in user, or null. */
  getUser(): User | null;
  /** Sets the signed-in user (plugins do this). */
  setUser(user: User | null): void;

  /** Signs in with a payload of an installed method (`{ type: "email", email }`, …). */
  authenticate(payload: AuthenticatePayload): Promise<unknown>;
  /** Runs every plugin's client-side start once; the status leaves INITIALIZING when it settles. */
  start(): Promise<void>;
  /** Logs out: every plugin ends its session, then the user is cleared. Always settles. */
  disconnect(): Promise<void>;
  /** Tears down every plugin and listener of this kit. */
  destroy(): void;
}

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

/**
 * A view a plugin brings. Core stays framework-free: a React function component fits this type,
 * and the renderer is the only place that knows it is React.
 */
export type View<P> = (props: P) => unknown;

/** What a section's component receives: its config and the kit. */
export interface SectionProps<C = SectionConfig> {
  kit: Kit;
  config: C;
}

/**
 * One entry of `ui.auth.sections`: its `type` picks the section renderer a plugin registered.
 * The second member lets a plugin's own `interface` config fit (interfaces have no implicit index
 * signature); the first keeps inline object literals with extra options free of excess-property errors.
 */
export type SectionConfig = { type: string; [option: string]: unknown } | { readonly type: string };

/** A sign-in section: its type, config schema and component. */
export interface SectionDefinition<C extends { type: string } = SectionConfig> {
  type: C["type"];
  Component: View<SectionProps<C>>;
  /**
   * Checks this section's entries of `ui.auth.sections` at createKit (development builds): a refusal
   * names the field. Build it only outside production (`process.env.NODE_ENV !== "production" ? type({...}) : undefined`)
   * so the schema library does not ship. Give an arktype type: the kit reports its errors (typed as a
   * plain function so the kit's published types name no schema library).
   */
  schema?: ((section: unknown) => unknown) | undefined;
}

/** What a step's component receives: the step and the kit. */
export interface StepProps<K extends AuthStepType = AuthStepType> {
  kit: Kit;
  step: AuthStepOf<K>;
}

/** Where back leads: a step type, a function of the current step, or null for "only a console warning". */
export type BackTransition<K extends AuthStepType> =
  | AuthStepType
  | ((step: AuthStepOf<K>, kit: Kit) => AuthStep | null)
  | null;

/** A dialog step: its type and component. */
export interface StepDefinition<K extends AuthStepType = AuthStepType> {
  type: K;
  Screen?: View<StepProps<K>>;
  Footer?: View<StepProps<K>>;
  back?: BackTransition<K>;
  /** What closing the dialog on this step means; default: reset the flow unless connected. */
  onClose?: "reset" | "complete";
  /** Whether the dialog shows its back button on this step (default: when `back` leads somewhere). */
  showBack?: boolean;
  /** Runs each time the flow enters this step. */
  onEnter?: (step: AuthStepOf<K>, kit: Kit) => void;
}

/** Payloads of `kit.authenticate()`; plugins add theirs by module augmentation. */
export interface AuthenticatePayloadRegistry {}

/** The `type` of an {@link AuthenticatePayload}. */
export type AuthenticateType = keyof AuthenticatePayloadRegistry & string;

/** What `kit.authenticate()` takes: one payload per installed sign-in method. Every payload also takes `signal`: aborting it rejects `kit.authenticate` at once and stops the method's requests. */
export type AuthenticatePayload = {
  [K in AuthenticateType]: { type: K; signal?: AbortSignal } & AuthenticatePayloadRegistry[K];
}[AuthenticateType];

export type AuthenticatePayloadOf<K extends string> = K extends AuthenticateType
  ? Extract<AuthenticatePayload, { type: K }>
  : never;

/** Signs in for one payload type. */
export interface AuthenticatorDefinition<K extends string = string> {
  type: K;
  /** Signs in with the payload. */
  authenticate: (payload: AuthenticatePayloadOf<K>, kit: Kit) => Promise<unknown>;
}

/** Handles one kit event. */
export interface ListenerDefinition<E extends keyof KitEventRegistry = keyof KitEventRegistry> {
  event: E;
  /** Handles the event's payload. */
  handle: (payload: KitEventRegistry[E], kit: Kit) => void;
}

/** Signs for users of one type ('sca' embedded, 'eoa' external wallet): the sign hooks route here. */
export interface AccountSignerDefinition {
  userType: User["type"];
  /** Signs a message as the signed-in user. */
  signMessage: (kit: Kit, message: SignableMessage, options?: AbortOptions) => Promise<Hex>;
  /** Signs EIP-712 typed data as the signed-in user. */
  signTypedData: (kit: Kit, typedData: TypedDataDefinition, options?: AbortOptions) => Promise<Hex>;
}

/** A plugin: its id, and the sections, steps, authenticators, listeners and lifecycle it adds to a kit. */
export interface LatchPlugin {
  id: string;
  /**
   * Plugins this one brings along (shared parts such as the embedded signer's restore and logout),
   * installed before it; a plugin id is installed once however many plugins bring it.
   */
  requires?: LatchPlugin[];
  sections?: SectionDefinition<any>[];
  steps?: StepDefinition<any>[];
  authenticators?: AuthenticatorDefinition<any>[];
  listeners?: ListenerDefinition<any>[];
  accountSigners?: AccountSignerDefinition[];
  /**
   * This method's own keys in `createKit({ signer })` (oauth's `oauthCallbackUrl`, …) as arktype
   * definitions, checked at createKit in development: `{ "oauthCallbackUrl?": "string" }`. Their
   * types go in `declare module "latch-kit" { interface SignerMethodOptions { … } }`.
   */
  signerOptions?: Record<string, string>;
  /** Register services or subscribe; the returned function runs when the kit is destroyed. */
  setup?: (kit: Kit) => void | (() => void);
  /**
   * Client-side start (restore a session, read a return URL). Runs once per kit from
   * `kit.start()`, which LatchProvider calls after mounting; never on the server.
   */
  start?: (kit: Kit) => void | Promise<void>;
  /** Ends whatever session this plugin keeps; `kit.disconnect()` awaits every plugin's. */
  disconnect?: (kit: Kit) => Promise<void>;
}
