// The kit's services on its container: the tokens of the kit and of what plugins contribute, and
// per-kit services declared once (defineService). The container itself (core/container.ts) knows
// nothing of kits.
import { Container, token, type Token } from "./container";
import { MissingServiceError } from "./errors";
import type { AccountSignerDefinition, AuthenticatorDefinition, Kit, LatchPlugin, ListenerDefinition, SectionDefinition, StepDefinition } from "./kit-contract";

/** The container tokens of the kit and of what plugins contribute (sections, steps, authenticators, listeners, account signers). */
export const TOKENS = {
  Kit: token<Kit>("latch.Kit"),
  Plugin: token<LatchPlugin>("latch.Plugin"),
  Section: token<SectionDefinition>("latch.Section"),
  Step: token<StepDefinition>("latch.Step"),
  Authenticator: token<AuthenticatorDefinition>("latch.Authenticator"),
  Listener: token<ListenerDefinition>("latch.Listener"),
  AccountSigner: token<AccountSignerDefinition>("latch.AccountSigner"),
} as const;

/** Each kit gets its own container: two kits on one page share no service. */
export function createKitContainer(parent?: Container): Container {
  return parent ? parent.createChild() : new Container();
}

/** A per-kit service: its token, and how a kit gets it. */
export interface Service<T> {
  readonly token: Token<T>;
  /** This kit's instance; made by the default factory on first use, else the one a plugin provided. Throws when neither. */
  of(kit: Kit): T;
  /** This kit's instance, or undefined when no plugin provided one (and there is no default). */
  find(kit: Kit): T | undefined;
  /** Provides this kit's instance (replacing any earlier one). */
  provide(kit: Kit, create: (kit: Kit) => T): T;
}

/**
 * Declares a per-kit service once: `create` makes it on first use; without it, a plugin must
 * `provide` it and `of` throws `missing` (e.g. "add smartAccounts() to the kit's plugins").
 */
export function defineService<T>(name: string, options: { create: (kit: Kit) => T } | { missing: string }): Service<T> {
  const key = token<T>(`latch.${name}`);
  const ensure = (kit: Kit) => {
    if ("create" in options) kit.container.registerOnce(key, (c) => options.create(c.resolve(TOKENS.Kit)));
  };
  return {
    token: key,
    of(kit) {
      ensure(kit);
      if (!kit.container.isRegistered(key)) throw new MissingServiceError(name, "missing" in options ? options.missing : undefined);
      return kit.container.resolve(key);
    },
    find(kit) {
      ensure(kit);
      return kit.container.find(key);
    },
    provide(kit, create) {
      kit.container.register(key, (c) => create(c.resolve(TOKENS.Kit)));
      return kit.container.resolve(key);
    },
  };
}
