import { MissingServiceError } from "./errors";
import type { Kit } from "./kit-types";
import type { AccountSignerDefinition, AuthenticatorDefinition, LatchPlugin, ListenerDefinition, SectionDefinition, StepDefinition } from "./plugin";

/** A typed key into a container: what it resolves to is part of its type. */
export interface Token<T> {
  readonly name: string;
  /** Never set: carries T so `resolve(token)` is typed. */
  readonly __type?: T;
}

/** Tokens are compared by name, so two copies of a module (a duplicated bundle chunk) still agree. */
export function token<T>(name: string): Token<T> {
  return { name };
}

/** Makes an instance from the container it is resolved in. */
export type Factory<T> = (container: Container) => T;

interface Single {
  factory: Factory<unknown>;
  made: boolean;
  instance?: unknown;
}

/**
 * A small dependency-injection container: one service per token, made by its factory on first
 * resolve and kept; or a list of values per token (sections, steps, wallet sources). A child sees
 * its parent's registrations and shadows them with its own. No decorators, no globals.
 */
export class Container {
  private readonly singles = new Map<string, Single>();
  private readonly lists = new Map<string, unknown[]>();

  constructor(private readonly parent?: Container) {}

  /** A child container: it resolves its own registrations first, then its parent's. */
  createChild(): Container {
    return new Container(this);
  }

  /** Registers the service of a token (replacing a previous one in this container). */
  register<T>(key: Token<T>, factory: Factory<T>): void {
    this.singles.set(key.name, { factory, made: false });
  }

  /** Registers a service only if none is registered yet: a part several plugins bring is made once. */
  registerOnce<T>(key: Token<T>, factory: Factory<T>): void {
    if (!this.isRegistered(key)) this.register(key, factory);
  }

  /** Whether this container or an ancestor has a registration for the token. */
  isRegistered(key: Token<unknown>): boolean {
    return this.singles.has(key.name) || (this.parent?.isRegistered(key) ?? false);
  }

  /** The service of a token, or undefined when none is registered. */
  find<T>(key: Token<T>): T | undefined {
    const single = this.singles.get(key.name);
    if (!single) return this.parent?.find(key);
    if (!single.made) {
      single.instance = single.factory(this);
      single.made = true;
    }
    return single.instance as T;
  }

  /** The instance registered for the token; throws when there is none. */
  resolve<T>(key: Token<T>): T {
    if (!this.isRegistered(key)) throw new MissingServiceError(key.name);
    return this.find(key) as T;
  }

  /** Adds a value to a token's list. */
  add<T>(key: Token<T>, value: T): void {
    const list = this.lists.get(key.name) ?? [];
    list.push(value);
    this.lists.set(key.name, list);
  }

  /** A token's list, the parent's values first. */
  all<T>(key: Token<T>): T[] {
    return [...(this.parent?.all(key) ?? []), ...((this.lists.get(key.name) as T[] | undefined) ?? [])];
  }

  /** Forgets every service made in this container (their factories run again on next resolve). */
  clearInstances(): void {
    for (const single of this.singles.values()) {
      single.made = false;
      delete single.instance;
    }
  }
}

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
