import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import type { App } from "../app";
import { readNodeBody } from "../middleware/bodyLimit";
import { appliesTo, type Exchange, type ExchangeMiddleware, type JsonRoute } from "./exchange";

/**
 * node:http's listener: POSTs to the hot signer routes (createApp's `directRoutes`: sign-payload,
 * whoami) are served from Node's request and response without Hono or WHATWG Request/Response objects
 * — the same checks (`app.checks`, in order), the same route handler, the same error mapping; the body
 * read into one buffer under the size limit, the answer written at once. Everything else goes to `hono`.
 */
export function directListener(app: App, basePath: () => string, hono: RequestListener): RequestListener {
  const chains = new Map([...app.directRoutes].map(([path, route]) => [path, { route, checks: app.checks.filter((check) => appliesTo(check, path)).map((check) => check.run) }]));
  return (req, res) => {
    // Hono's path decides whatever is not a plain POST to one of those paths (a missing Host, an absolute URL, a query are rare here).
    if (req.method !== "POST" || req.headers.host === undefined || req.url === undefined) return hono(req, res);
    // A body something in front already read (a framework's body parser): Hono's adapter knows those cases.
    if (req.readableFlowing !== null || req.readableEnded) return hono(req, res);
    const path = pathOf(req.url, basePath());
    const chain = chains.get(path);
    if (!chain) return hono(req, res);
    // Every step answers its own errors; what could still throw is the write itself: end that socket, never the process.
    serve(app, path, chain.route, chain.checks, req, res).catch(() => res.destroy());
  };
}

/** `/latch/signer/v1/x` → `/signer/v1/x` under the base path `/latch` (as buildServer's fetch strips it). */
function pathOf(url: string, basePath: string): string {
  return basePath && url.startsWith(`${basePath}/`) ? url.slice(basePath.length) : url;
}

async function serve(app: App, path: string, route: JsonRoute, checks: ExchangeMiddleware[], req: IncomingMessage, res: ServerResponse): Promise<void> {
  let status = 200;
  let body: string | null = "";
  /** Lower-case name → value, as Hono's Headers would hold them. */
  const headers: Record<string, string> = {};
  const setAnswer = (answerStatus: number, answerBody: string | null, answerHeaders: Record<string, string> = {}) => {
    status = answerStatus;
    body = answerBody;
    delete headers["content-type"];
    for (const [name, value] of Object.entries(answerHeaders)) headers[name.toLowerCase()] = value;
  };
  const exchange: Exchange = {
    via: "direct",
    method: "POST",
    path,
    header: (name) => {
      const value = req.headers[name.toLowerCase()];
      return Array.isArray(value) ? value.join(", ") : value;
    },
    peerAddress: () => req.socket.remoteAddress ?? "unknown",
    // Nothing on this path reads a forwarded client (no per-client limit on these routes); Hono's path keeps it.
    setClientAddress: () => undefined,
    route: () => path,
    status: () => status,
    setHeader: (name, value) => {
      headers[name.toLowerCase()] = value;
    },
    appendHeader: (name, value) => {
      const key = name.toLowerCase();
      headers[key] = headers[key] === undefined ? value : `${headers[key]}, ${value}`;
    },
    answerText: () => Promise.resolve(body ?? ""),
    answer: setAnswer,
    aborted: () => (req.destroyed && !req.complete) || (res.destroyed && !res.writableFinished),
  };
  const failed = (thrown: unknown) => {
    const answer = app.errorAnswer(thrown, exchange);
    setAnswer(answer.status, answer.body, { ...answer.headers, "content-type": "application/json" });
  };
  // As Hono's compose: an error is answered at the step that threw, and the steps around it see that answer.
  const run = async (i: number): Promise<void> => {
    try {
      if (i < checks.length) return await checks[i]!(exchange, () => run(i + 1));
      const value = await route.handle(await readNodeBody(req));
      setAnswer(200, JSON.stringify(value), { "content-type": "application/json" });
    } catch (thrown) {
      failed(thrown);
    }
  };
  await run(0);
  if (res.headersSent || res.destroyed) return;
  if (body !== null) headers["content-length"] = String(Buffer.byteLength(body));
  res.writeHead(status, headers);
  res.end(body ?? undefined);
}
