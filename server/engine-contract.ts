// The engine's contract: the context every route is given and the parts methods bring to it. These
// types describe each other (the context lists the parts; a part's handlers take the context), so
// they live in one module; server/context.ts and server/method.ts re-export them.
import type { Context } from "hono";
import type { CustodyMode } from "./custody/custodyMode";
import type { Delivery } from "./delivery/types";
import type { EmailMode, JwtIssuerOption, Limits, Profile } from "./settings";
import type { KeyRing } from "./custody/keyEncryptionKey";
import type { Observer } from "./observer";
import type { OriginPolicy } from "./origins";
import type { RouteContracts } from "../wire/contract";
import type { Secrets } from "./crypto/secrets";
import type { SignerRow } from "./store/users";
import type { SocialProvider } from "./idp/socialProvider";
import type { Database, Sql } from "./db/sql";
import type { StampedBody } from "../wire/routes";
import type { Schema } from "./standardSchema";
import type { MethodMigration } from "./db/migrate";
import type { WalletDeriver } from "./crypto/derivationPool";
import type { EvmHashSigner } from "./crypto/evmSigner";

/** Everything a route needs: one per emulator instance, so instances never share state. */
export interface ServerContext {
  db: Database;
  /** Keys derived from the server secret: the engine's purposes, and `forMethod(id).key(label)` for a method's own. */
  secrets: Secrets;
  limits: Limits;
  emailMode: EmailMode;
  /** The product name in emails and SMS (`appName`, LATCH_APP_NAME; default "Latch"). */
  appName: string;
  /** Where new wallets' keys live: on the server, or split between the user's frame, the server and a recovery box (LATCH_CUSTODY). */
  custody: CustodyMode;
  appUrl: string | undefined;
  /** Set when keys and ids are derived from a seed. */
  seeded: boolean;
  now(): number;
  /** The key-encryption keys that wrap each wallet's data key (the first wraps new ones). */
  keys: KeyRing;
  /** The URL the emulator answers on, known once it listens. */
  publicUrl: string;
  /** JWT issuers configured besides the dev identity provider's. */
  jwtIssuers: JwtIssuerOption[];
  /** App origins (CORS, magic-link and OAuth return targets, passkey origins) and the Host names answered. */
  origins: OriginPolicy;
  /** dev: the dev inbox, dev identity provider and dev JWT issuer exist; production: they do not. */
  profile: Profile;
  /** Redirect URIs the dev identity provider accepts besides its own /callback (another server using it as an external provider). */
  idpRedirectUris: string[];
  /** Where codes and links go: the dev inbox, or SMTP and an SMS provider. */
  delivery: Delivery;
  /** Social sign-in providers configured besides the dev identity provider (production: real OIDC providers). */
  socialProviders: SocialProvider[];
  observer: Observer;
  /** The sign-in methods this instance serves and their shared parts, each once (server/methods.ts plus `startServer({ methods })`). */
  methods: ServerPart[];
  /** Derives wallets from mnemonics (on worker threads when configured). */
  deriver: WalletDeriver;
  /** Signs EVM hashes: libsecp256k1 (WebAssembly) where it loads, noble otherwise (server/crypto/evmSigner.ts). */
  evmSigner: EvmHashSigner;
}

/**
 * A sign-in method's server part (the method module): what it adds to the engine. The engine keeps
 * the app, middleware, database, custody, frames, stamped-request verification and sessions; a
 * method brings its routes and claims the requests that are its own. The server composes the list
 * in server/methods.ts plus the ones it is given (`startServer({ methods })`).
 */
export interface ServerMethod extends ServerPart {
  /** Shared parts this method needs (e.g. contact codes for email and SMS): mounted once however many methods bring them. */
  uses?: ServerPart[];
}

export interface ServerPart {
  id: string;
  /** Routes mounted under /signer/v1 by the engine's router (descriptors, not a framework's app: see MethodRoute). */
  routes?: readonly MethodRoute[];
  /**
   * The contracts of those routes when they are not the wire's own (wire/responses.ts): route →
   * request, response and error codes. The server checks answers against them; the kit part
   * augments `SignerRoutes` with `RouteTypes<contract>`.
   */
  contract?: RouteContracts;
  /** Pages mounted at the server's root (e.g. a provider's return page), described the same way. */
  pages?: readonly MethodRoute[];
  /**
   * Page paths another site may POST to as a top-level navigation (an identity provider's
   * response_mode=form_post answer): the origin guard lets any Origin through for POSTs there, so
   * the page itself must authenticate what it is sent (e.g. a single-use state bound by PKCE).
   */
  crossSiteFormPosts?: readonly string[];
  /** `POST /signer/v1/signup`: claims the bodies it recognises (the first method that accepts answers). */
  signUp?: BodyHandler;
  /** `POST /signer/v1/auth`: the same for sign-in of a known user. */
  signIn?: BodyHandler;
  /** Key-management operations (`POST /public/v1/{query|submit}/<op>`), stamped by the user. */
  operations?: Record<string, KeyOperation>;
  /** Ways to sign in this method links to a user: listed by list-auth-methods and counted by the "keep one way to sign in" rule. */
  linkedProviders?: LinkedProviderSource;
  /**
   * The method's own tables: migrations `<id>/<name>` applied in order after the engine's, each once, in
   * its own transaction, under the engine's migration lock (at start, or by `migrate`). Append only.
   */
  migrations?: readonly MethodMigration[];
  /** Rows of its tables that expire: the engine's sweeper deletes them in bounded batches once `column` (epoch ms) + `graceMs` is past. */
  expiring?: readonly ExpiringRows[];
}

export interface ExpiringRows {
  table: string;
  column: string;
  graceMs?: number;
}

export interface BodyHandler {
  /** What the body names for this method (shown when no method accepts one), e.g. "email". */
  names: string;
  accepts(raw: unknown, ctx: ServerContext): boolean;
  handle(c: Context, raw: unknown, ctx: ServerContext): Promise<object>;
}

/**
 * One route of a method, as data: the engine mounts it on its own router, validates its body through
 * Standard Schema and turns whatever it throws into the engine's JSON error. So a method that brings
 * its own copy of Hono or arktype (or another schema library) is served exactly like a built-in one.
 */
export interface MethodRoute<Body = unknown> {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** `/my-route`: under /signer/v1 for `routes`, at the server's root for `pages`. */
  path: string;
  /** The JSON body's schema (any Standard Schema): a body that fails it answers 400 INVALID_REQUEST and `handle` never runs. */
  body?: Schema<unknown, Body>;
  /**
   * The answer: an object (sent as JSON, 200) or a Response (any status, HTML, a redirect). To refuse,
   * throw the method kit's ApiError (its status and code); any other exception answers 500 INTERNAL.
   * `c` is the engine's request context (headers, query, the client address helpers take it).
   */
  handle(c: Context, body: Body, ctx: ServerContext): Promise<object | Response> | object | Response;
}

/** What a key operation's `authorize` learns of the stamp that authorised the request. */
export interface OperationStamp {
  /** e.g. `api-key:<compressed public key>`, `webauthn:<credential id>`. */
  credential: string;
  /** When the stamping session's sign-in passed the second factor (epoch ms), if it did. */
  secondFactorAt?: number;
}

/** One key-management operation: its stamped body's schema and what it answers. */
export interface KeyOperation {
  body: Schema<unknown, StampedBody>;
  /** A sensitive change (export, API keys, removing a passkey): a session's stamp needs a fresh proof beside it (step-up). */
  stepUp?: boolean;
  /**
   * Checked before the step-up, with the stamp: a refusal a fresh proof cannot lift (a split wallet's
   * auth share goes only to a session whose sign-in passed the second factor), so the user is not
   * asked for a code first.
   */
  authorize?(ctx: ServerContext, body: StampedBody, user: SignerRow, stamp: OperationStamp): Promise<void>;
  handle(c: Context, ctx: ServerContext, body: StampedBody, user: SignerRow, activities: ActivityRecorder): Promise<unknown>;
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
