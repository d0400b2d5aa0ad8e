import { MissingServiceError } from "./errors";

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
