// Declaring a plugin and its parts (typing helpers, no run-time effect); the types are the kit
// contract's (core/kit-contract.ts).
import type {
  AuthenticatePayloadOf,
  AuthenticateType,
  AuthenticatorDefinition,
  KitEventRegistry,
  Kit,
  LatchPlugin,
  ListenerDefinition,
  SectionDefinition,
  StepDefinition,
} from "./kit-contract";
import type { AuthStepType } from "./steps";

export type {
  AccountSignerDefinition,
  AuthenticatePayload,
  AuthenticatePayloadOf,
  AuthenticatePayloadRegistry,
  AuthenticateType,
  AuthenticatorDefinition,
  BackTransition,
  LatchPlugin,
  ListenerDefinition,
  SectionConfig,
  SectionDefinition,
  SectionProps,
  StepDefinition,
  StepProps,
  View,
} from "./kit-contract";

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
