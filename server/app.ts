import { Hono } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { declaredLengthCheck, readBodyText } from "./middleware/bodyLimit";
import type { ServerContext } from "./context";
import { ApiError } from "./errors";
import { mountMethodRoutes } from "./routes/methodRoutes";
import { accountRoutes } from "./routes/account";
import { stepUpRoutes } from "./routes/stepUp";
import { devRoutes } from "./routes/dev";
import { frameRoutes } from "./routes/frames";
import { healthRoutes } from "./routes/health";
import { originCheck } from "./middleware/origins";
import { idpRoutes } from "./idp/routes";
import { KEY_MANAGEMENT_PREFIX, keyManagementRoutes } from "./routes/keyManagement";
import { multiOwnerRoutes } from "./routes/multiOwner";
import { stampedJsonRoutes, stampedRoutes } from "./routes/stamped";
import { custodyRoutes } from "./routes/custody";
import { signInRoutes } from "./routes/signIn";
import { checkAnswers, type AnswerCheck } from "./answers";
import { responses } from "../wire/responses";
import { operations } from "../wire/operations";
import type { Answer, Exchange, JsonRoute, ScopedMiddleware } from "./exchange/exchange";
import { errorAnswer, type ErrorHooks } from "./exchange/errorAnswer";
import { honoExchange, honoMiddleware } from "./exchange/hono";

export const SIGNER_PREFIX = "/signer/v1";
export { MAX_BODY_BYTES } from "./middleware/bodyLimit";

/** What a profile adds around the shared routes. */
export interface AppHooks extends ErrorHooks {
  /** One line per request (the dev profile's console log). */
  log?: ((line: string) => void) | undefined;
  /**
   * Per-request checks of the profile (production: forwarded clients, request log, metrics, app
   * credentials), after CORS and the body limit: they run on every path, the direct one included.
   */
  middleware?: (ctx: ServerContext) => ScopedMiddleware[];
  /**
   * Routes of the profile (production: /metrics), added before the shared ones. Middleware added here runs
   * on Hono's path only, not on the direct path of the hot signer routes: give checks as `middleware`.
   */
  install?: (app: Hono, ctx: ServerContext) => void;
  /** Told of each request first, before any check, on either path (`exchange.via` says which: the tests read it). */
  onExchange?: (exchange: Exchange) => void;
  /** Check every signer route's answer against its contract (server/answers.ts); default off. */
  checkAnswers?: AnswerCheck | undefined;
  /** Why `/ready` answered 503 (the database's error); default console.warn. */
  onNotReady?: (detail: string) => void;
}

/** The routes and checks of one server: Hono's app, and what the direct path (server/exchange/direct.ts) needs to serve the hot routes without it. */
export interface App {
  hono: Hono;
  /** The per-request checks in order; Hono runs each as middleware, the direct path runs the same list. */
  checks: ScopedMiddleware[];
  /** POST routes the direct path serves, by path (`/signer/v1/sign-payload`). */
  directRoutes: ReadonlyMap<string, JsonRoute>;
  /** The answer to an error, on either path. */
  errorAnswer(thrown: unknown, exchange: Exchange): Answer;
}

export function createApp(ctx: ServerContext, hooks: AppHooks = {}): App {
  const app = new Hono();
  const { log } = hooks;
  const checks: ScopedMiddleware[] = [];

  const { onExchange } = hooks;
  if (onExchange) {
    checks.push({
      run: (x, next) => {
        onExchange(x);
        return next();
      },
    });
  }
  if (log) {
    checks.push({
      run: async (x, next) => {
        const started = performance.now();
        await next();
        // Health probes (the playground's status check polls every few seconds) would drown the real requests.
        if (x.path === "/health" || x.path === "/ready") return;
        log(`${x.method} ${x.path} ${x.status()} ${(performance.now() - started).toFixed(1)}ms`);
      },
    });
  }

  // Answers of the signer hold credential bundles, verification tokens and activities: never cached.
  for (const prefix of [SIGNER_PREFIX, KEY_MANAGEMENT_PREFIX]) {
    checks.push({
      under: prefix,
      run: async (x, next) => {
        await next();
        x.setHeader("Cache-Control", "no-store");
      },
    });
  }
  // Host check (DNS rebinding), origin allowlist and CORS: see server/origins.ts.
  checks.push({ run: originCheck(ctx.origins, ctx.methods.flatMap((method) => method.crossSiteFormPosts ?? [])) });
  // Bodies over the limit are refused from Content-Length here, or while streaming (readBodyText), never parsed.
  checks.push({ run: declaredLengthCheck });

  if (hooks.checkAnswers) {
    const contracts = Object.assign({}, responses, ...ctx.methods.map((method) => method.contract ?? {}));
    checks.push({ under: SIGNER_PREFIX, run: checkAnswers(SIGNER_PREFIX, contracts, hooks.checkAnswers) });
    checks.push({ under: KEY_MANAGEMENT_PREFIX, run: checkAnswers(KEY_MANAGEMENT_PREFIX, operations, hooks.checkAnswers) });
  }
  checks.push(...(hooks.middleware?.(ctx) ?? []));

  for (const check of checks) {
    if (check.under === undefined) app.use(honoMiddleware(check.run));
    else app.use(`${check.under}/*`, honoMiddleware(check.run));
  }

  hooks.install?.(app, ctx);

  const directRoutes = new Map<string, JsonRoute>();
  for (const route of stampedJsonRoutes(ctx)) {
    app.post(`${SIGNER_PREFIX}${route.path}`, async (c) => c.json((await route.handle(await readBodyText(c))) as object));
    directRoutes.set(`${SIGNER_PREFIX}${route.path}`, route);
  }
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

  const answerError = (thrown: unknown, exchange: Exchange) => errorAnswer(thrown, exchange, ctx, hooks);
  app.onError((thrown, c) => {
    const answer = answerError(thrown, honoExchange(c));
    for (const [name, value] of Object.entries(answer.headers ?? {})) c.header(name, value);
    return c.body(answer.body, answer.status as ContentfulStatusCode, { "Content-Type": "application/json" });
  });

  return { hono: app, checks, directRoutes, errorAnswer: answerError };
}
