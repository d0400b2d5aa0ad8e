// One request as the per-request checks see it (origin and CORS, body limit, app credential, request
// log, metrics, answer contracts), whichever path carries it: Hono (server/exchange/hono.ts) or the
// direct node:http path of the hot signer routes (server/exchange/direct.ts). Each check is written
// once against this interface and runs on both.

export interface Exchange {
  /** Which path carries it: Hono's (every route) or the direct one (the hot signer routes). */
  readonly via: "hono" | "direct";
  readonly method: string;
  /** The path without the server's base path and without the query. */
  readonly path: string;
  /** A request header (case-insensitive), undefined when absent. */
  header(name: string): string | undefined;
  /** The socket's peer address. */
  peerAddress(): string;
  /** The client a trusted proxy forwarded (middleware/client.ts reads it for per-client limits). */
  setClientAddress(address: string): void;
  /** The matched route's pattern ("unmatched" when none matched); valid once `next()` resolved. */
  route(): string;
  /** The answer's status; valid once `next()` resolved. */
  status(): number;
  /** Sets a header of the answer: before `next()` on whatever answer comes, after it on the answer made. */
  setHeader(name: string, value: string): void;
  /** Adds a value to a header of the answer made (`Vary`). */
  appendHeader(name: string, value: string): void;
  /** The answer's body as text; valid once `next()` resolved. */
  answerText(): Promise<string>;
  /** Answers here (a preflight, an answer replaced): the checks after this one and the route do not run. */
  answer(status: number, body: string | null, headers?: Record<string, string>): void;
  /** Whether the client went away before its request was read. */
  aborted(): boolean;
}

/** A per-request check: runs `next()` (the rest of the chain and the route) or throws / answers. */
export type ExchangeMiddleware = (exchange: Exchange, next: () => Promise<void>) => Promise<void>;

/** A check and the paths it runs for: every path, or the paths under `under` (`/signer/v1`). */
export interface ScopedMiddleware {
  under?: string;
  run: ExchangeMiddleware;
}

export function appliesTo(middleware: ScopedMiddleware, path: string): boolean {
  return middleware.under === undefined || path.startsWith(`${middleware.under}/`);
}

/** An answer as data: what the error mapping (server/exchange/errorAnswer.ts) and the direct routes produce. */
export interface Answer {
  status: number;
  body: string;
  headers?: Record<string, string>;
}

export const jsonAnswer = (status: number, value: unknown, headers?: Record<string, string>): Answer => ({
  status,
  body: JSON.stringify(value),
  ...(headers ? { headers } : {}),
});

/** A POST route answering JSON from the request body's text: the same code behind Hono and the direct path. */
export interface JsonRoute {
  /** Its path under the signer prefix (`/sign-payload`). */
  path: string;
  /** The 200 answer to a body (refusals are thrown as ApiError). */
  handle(body: string): Promise<unknown>;
}
