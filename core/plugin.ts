import type { AuthStep, AuthStepOf, AuthStepType } from "./steps";
import type { Hex, SignableMessage, TypedDataDefinition } from "viem";
import type { Kit, KitEventRegistry } from "./kit-types";
import type { User } from "./types";
import type { Type } from "arktype";
import type { AbortOptions } from "./abort";

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
   * so the schema library does not ship.
   */
  schema?: Type | undefined;
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

/** Declares a plugin (types its parts; no runtime effect). */
export function definePlugin<P extends LatchPlugin>(plugin: P): P {
  return plugin;
}

/** Keeps a step definition's type parameter checked inside a mixed `steps` array. */
export function defineStep<K extends AuthStepType>(step: StepDefinition<K>): StepDefinition<K> {
  return step;
}

/** Declares a sign-in section a plugin provides. */
export function defineSection<C extends { type: string }>(section: SectionDefinition<C>): SectionDefinition<C> {
  return section;
}

/** Declares how a plugin signs in for one `authenticate()` type. */
export function defineAuthenticator<K extends AuthenticateType>(
  type: K,
  authenticate: (payload: AuthenticatePayloadOf<K>, kit: Kit) => Promise<unknown>,
): AuthenticatorDefinition<K> {
  return { type, authenticate };
}

/** Declares a plugin's listener of one kit event. */
export function defineListener<E extends keyof KitEventRegistry>(
  event: E,
  handle: (payload: KitEventRegistry[E], kit: Kit) => void,
): ListenerDefinition<E> {
  return { event, handle };
}
