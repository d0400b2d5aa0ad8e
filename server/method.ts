import type { Context, Hono } from "hono";
import type { Type } from "arktype";
import type { RouteContracts } from "../wire/contract";
import type { EmulatorContext } from "./context";
import type { Sql } from "./db/sql";
import type { SignerRow } from "./store/users";
import type { StampedBody } from "./services/stamps/verify";

/**
 * A sign-in method's server part (the method module): what it adds to the engine. The engine keeps
 * the app, middleware, database, custody, frames, stamped-request verification and sessions; a
 * method brings its routes and claims the requests that are its own. The server composes the list
 * in server/methods.ts plus the ones it is given (`startEmulator({ methods })`).
 */
export interface ServerMethod extends ServerPart {
  /** Shared parts this method needs (e.g. contact codes for email and SMS): mounted once however many methods bring them. */
  uses?: ServerPart[];
}

export interface ServerPart {
  id: string;
  /** Routes mounted under /signer/v1. */
  routes?: (ctx: EmulatorContext) => Hono;
  /**
   * The contracts of those routes when they are not the wire's own (wire/responses.ts): route →
   * request, response and error codes. The server checks answers against them; the kit part
   * augments `SignerRoutes` with `RouteTypes<contract>`.
   */
  contract?: RouteContracts;
  /** Pages mounted at the server's root (e.g. a provider's return page). */
  pages?: (ctx: EmulatorContext) => Hono;
  /** `POST /signer/v1/signup`: claims the bodies it recognises (the first method that accepts answers). */
  signUp?: BodyHandler;
  /** `POST /signer/v1/auth`: the same for sign-in of a known user. */
  signIn?: BodyHandler;
  /** Key-management operations (`POST /public/v1/{query|submit}/<op>`), stamped by the user. */
  operations?: Record<string, KeyOperation>;
  /** Ways to sign in this method links to a user: listed by list-auth-methods and counted by the "keep one way to sign in" rule. */
  linkedProviders?: LinkedProviderSource;
}

export interface BodyHandler {
  /** What the body names for this method (shown when no method accepts one), e.g. "email". */
  names: string;
  accepts(raw: unknown, ctx: EmulatorContext): boolean;
  handle(c: Context, raw: unknown, ctx: EmulatorContext): Promise<object>;
}

/** One key-management operation: its stamped body's schema and what it answers. */
export interface KeyOperation {
  body: Type<StampedBody>;
  handle(c: Context, ctx: EmulatorContext, body: StampedBody, user: SignerRow, activities: ActivityRecorder): Promise<unknown>;
}

/** Records a submitted activity (the key-management answer `{activity}`); `pendingPolls` makes clients poll. */
export type ActivityRecorder = (sql: Sql, activity: { type: string; orgId: string; result: Record<string, unknown>; pendingPolls?: number }) => Promise<unknown>;

/** A provider linked to a user (social sign-in), as list-auth-methods shows it. */
export interface LinkedProvider {
  providerId: string;
  issuer?: string;
  providerName?: string;
  userDisplayName?: string;
}

export type LinkedProviderSource = (sql: Sql, orgId: string) => Promise<LinkedProvider[]>;

/** The methods and their shared parts, each once (by id, first wins), in order: shared parts before the methods using them. */
export function composeMethods(methods: readonly ServerMethod[]): ServerPart[] {
  const parts = new Map<string, ServerPart>();
  for (const method of methods) {
    for (const part of method.uses ?? []) if (!parts.has(part.id)) parts.set(part.id, part);
    if (!parts.has(method.id)) parts.set(method.id, method);
  }
  return [...parts.values()];
}
