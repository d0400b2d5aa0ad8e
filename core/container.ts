import { hasReflectMetadata } from "./reflect";
import { container as rootContainer, type DependencyContainer, type InjectionToken } from "tsyringe";
import type { AccountSignerDefinition, AuthenticatorDefinition, LatchPlugin, ListenerDefinition, SectionDefinition, StepDefinition } from "./plugin";

// Explicit tokens: bundlers do not emit decorator metadata, so nothing relies on auto-injection.
export const TOKENS = {
  Kit: Symbol.for("latch.Kit"),
  Config: Symbol.for("latch.Config"),
  Plugin: Symbol.for("latch.Plugin") as InjectionToken<LatchPlugin>,
  Section: Symbol.for("latch.Section") as InjectionToken<SectionDefinition>,
  Step: Symbol.for("latch.Step") as InjectionToken<StepDefinition>,
  Authenticator: Symbol.for("latch.Authenticator") as InjectionToken<AuthenticatorDefinition>,
  Listener: Symbol.for("latch.Listener") as InjectionToken<ListenerDefinition>,
  AccountSigner: Symbol.for("latch.AccountSigner") as InjectionToken<AccountSignerDefinition>,
} as const;

export function createKitContainer(): DependencyContainer {
  if (!hasReflectMetadata()) throw new Error("Latch's dependency container needs the reflect-metadata polyfill, which the app's bundler left out.");
  return rootContainer.createChildContainer();
}

export function resolveAllOrEmpty<T>(container: DependencyContainer, token: InjectionToken<T>): T[] {
  return container.isRegistered(token, false) ? container.resolveAll(token) : [];
}
