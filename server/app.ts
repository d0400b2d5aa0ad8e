import { Hono, type Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { bodyLimit } from "./middleware/bodyLimit";
import { setResponseHeader } from "./middleware/responseHeader";
import type { ServerContext } from "./context";
import { ApiError, asApiError, isApiError } from "./errors";
import { mountMethodRoutes } from "./routes/methodRoutes";
import { accountRoutes } from "./routes/account";
import { stepUpRoutes } from "./routes/stepUp";
import { devRoutes } from "./routes/dev";
import { frameRoutes } from "./routes/frames";
import { healthRoutes } from "./routes/health";
import { DatabaseUnavailableError } from "./db/unavailable";
import { originGuard } from "./middleware/origins";
import { idpRoutes } from "./idp/routes";
import { KEY_MANAGEMENT_PREFIX, keyManagementRoutes } from "./routes/keyManagement";
import { multiOwnerRoutes } from "./routes/multiOwner";
import { stampedRoutes } from "./routes/stamped";
import { custodyRoutes } from "./routes/custody";
import { signInRoutes } from "./routes/signIn";
import { checkAnswers, type AnswerCheck } from "./answers";
import { responses } from "../wire/responses";
import { operations } from "../wire/operations";

export const SIGNER_PREFIX = "/signer/v1";
export { MAX_BODY_BYTES } from "./middleware/bodyLimit";

/** What a profile adds around the shared routes. */
export interface AppHooks {
  /** One line per request (the dev profile's console log). */
  log?: ((line: string) => void) | undefined;
  /** Runs after CORS and before the routes: middleware and routes of the profile (production: logs, metrics, API keys). */
  install?: (app: Hono, ctx: ServerContext) => void;
  /** An error no route expected (answered 500); default console.error. */
  onUnexpectedError?: (error: Error, c: Context) => void;
  /** Check every signer route's answer against its contract (server/answers.ts); default off. */
  checkAnswers?: AnswerCheck | undefined;
  /** Why `/ready` answered 503 (the database's error); default console.warn. */
  onNotReady?: (detail: string) => void;
  /** A client went away before its request was read (not the server's fault); default nothing. */
  onClientAbort?: (c: Context) => void;
}

export function createApp(ctx: ServerContext, hooks: AppHooks = {}): Hono {
  const app = new Hono();
  const { log } = hooks;

  if (log) {
    app.use(async (c, next) => {
      const started = performance.now();
      await next();
      // Health probes (the playground's status check polls every few seconds) would drown the real requests.
      if (c.req.path === "/health" || c.req.path === "/ready") return;
      log(`${c.req.method} ${c.req.path} ${c.res.status} ${(performance.now() - started).toFixed(1)}ms`);
    });
  }

  // Answers of the signer hold credential bundles, verification tokens and activities: never cached.
  for (const prefix of [SIGNER_PREFIX, KEY_MANAGEMENT_PREFIX]) {
    app.use(`${prefix}/*`, async (c, next) => {
      await next();
      setResponseHeader(c, "Cache-Control", "no-store");
    });
  }
  // Host check (DNS rebinding), origin allowlist and CORS: see server/origins.ts.
  app.use(originGuard(ctx.origins, ctx.methods.flatMap((method) => method.crossSiteFormPosts ?? [])));
  // Bodies over the limit are refused from Content-Length here, or while streaming (readBodyText), never parsed.
  app.use(bodyLimit());

  if (hooks.checkAnswers) {
    const contracts = Object.assign({}, responses, ...ctx.methods.map((method) => method.contract ?? {}));
    app.use(`${SIGNER_PREFIX}/*`, checkAnswers(SIGNER_PREFIX, contracts, hooks.checkAnswers));
    app.use(`${KEY_MANAGEMENT_PREFIX}/*`, checkAnswers(KEY_MANAGEMENT_PREFIX, operations, hooks.checkAnswers));
  }

  hooks.install?.(app, ctx);

  app.route(SIGNER_PREFIX, signInRoutes(ctx));
  app.route(SIGNER_PREFIX, stampedRoutes(ctx));
  app.route(SIGNER_PREFIX, custodyRoutes(ctx));
  app.route(SIGNER_PREFIX, accountRoutes(ctx));
  app.route(SIGNER_PREFIX, stepUpRoutes(ctx));
  app.route(SIGNER_PREFIX, multiOwnerRoutes(ctx));
  // The sign-in methods' parts (server/methods.ts and startServer's `methods`), each once.
  for (const method of ctx.methods) mountMethodRoutes(app, SIGNER_PREFIX, method.routes ?? [], ctx);
  app.route(KEY_MANAGEMENT_PREFIX, keyManagementRoutes(ctx));
  app.route("/frames", frameRoutes(ctx));
  for (const method of ctx.methods) mountMethodRoutes(app, "", method.pages ?? [], ctx);
  app.route("/", healthRoutes(ctx, hooks.onNotReady ?? ((detail) => console.warn(`[latch-server] not ready: ${detail}`))));
  // The dev identity provider, dev inbox and dev JWT issuer: in production their paths do not exist.
  if (ctx.profile === "dev") {
    app.route("/idp", idpRoutes(ctx));
    app.route("/", devRoutes(ctx));
  }

  app.notFound((c) => c.json(new ApiError(404, "NOT_FOUND", `No route ${c.req.method} ${c.req.path}`).body(), 404));

  app.onError((thrown, c) => {
    // Recognised by brand or shape, not instanceof: a method may throw from its own copy of the kit or of Hono.
    if (isApiError(thrown)) {
      const error = asApiError(thrown);
      ctx.observer.refused(error.code);
      const retryAfter = (error.details as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds;
      if (error.status === 429 && retryAfter) c.header("Retry-After", String(retryAfter));
      return c.json(error.body(), error.status);
    }
    const error = thrown as Error;
    if (c.req.raw.signal.aborted || isClientAbort(error)) {
      hooks.onClientAbort?.(c);
      return c.json(new ApiError(400, "CLIENT_ABORTED", "The client closed the request before it was read").body(), 400);
    }
    if (error instanceof DatabaseUnavailableError) {
      c.header("Retry-After", "1");
      return c.json(new ApiError(503, "UNAVAILABLE", "The server cannot reach its database right now; try again shortly").body(), 503);
    }
    if (isHttpException(error)) {
      return c.json(new ApiError(error.status as 400, "HTTP_ERROR", error.message || "Request refused").body(), error.status as 400);
    }
    if (hooks.onUnexpectedError) hooks.onUnexpectedError(error, c);
    else console.error("[latch-server] unexpected error", error);
    const detail = ctx.profile === "dev" ? `Internal emulator error: ${error.message}` : "Internal server error";
    return c.json(new ApiError(500, "INTERNAL", detail).body(), 500);
  });

  return app;
}

/** Node's errors for a request body cut off by the client (socket reset, stream aborted). */
function isClientAbort(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  return code === "ECONNRESET" || code === "ERR_STREAM_PREMATURE_CLOSE" || error.name === "AbortError" || error.message === "aborted";
}

/** Hono's HTTPException, of the engine's copy of Hono or of a method's own. */
function isHttpException(error: unknown): error is { status: number; message: string } {
  if (error instanceof HTTPException) return true;
  const candidate = error as { status?: unknown; getResponse?: unknown } | null;
  return (
    error instanceof Error && typeof candidate?.getResponse === "function" && Number.isInteger(candidate.status) && (candidate.status as number) >= 400 && (candidate.status as number) <= 599
  );
}
