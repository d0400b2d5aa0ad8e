import type { IncomingMessage } from "node:http";
import type { Context, MiddlewareHandler } from "hono";
import { ApiError } from "../errors";
import type { ExchangeMiddleware } from "../exchange/exchange";
import { honoMiddleware } from "../exchange/hono";

/** Every request body: 1 MiB (the largest genuine one, a passkey attestation, is a few KB). */
export const MAX_BODY_BYTES = 1024 * 1024;

const tooLarge = () => new ApiError(413, "BODY_TOO_LARGE", `The request body is over ${MAX_BODY_BYTES} bytes`);

/** Refuses a declared Content-Length over the limit before anything reads the body. */
export function bodyLimit(): MiddlewareHandler {
  return honoMiddleware(declaredLengthCheck);
}

/** bodyLimit as a check of either path (server/exchange). */
export const declaredLengthCheck: ExchangeMiddleware = async (x, next) => {
  const length = x.header("Content-Length");
  if (length !== undefined && !(Number(length) <= MAX_BODY_BYTES)) throw tooLarge();
  await next();
};

/** The body as text, read with the limit enforced as it streams (a chunked body declares no length). */
export async function readBodyText(c: Context): Promise<string> {
  const incoming = unreadNodeRequest(c);
  if (incoming) return readNodeBody(incoming);
  const stream = c.req.raw.body;
  if (!stream) return "";
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/**
 * Node's request when the server runs on Node's HTTP server (@hono/node-server passes it as
 * `env.incoming`) and nothing has started reading its body: read from it directly, without the
 * WHATWG Request and stream the adapter would build for `c.req.raw.body`.
 */
function unreadNodeRequest(c: Context): IncomingMessage | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming || typeof incoming.on !== "function" || typeof incoming.readableFlowing === "undefined") return undefined;
  return incoming.readableFlowing === null && !incoming.readableEnded && !incoming.destroyed ? incoming : undefined;
}

/** The body of Node's request as text, with the limit enforced as it arrives. */
export function readNodeBody(incoming: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const done = () => {
      incoming.off("data", onData).off("end", onEnd).off("error", onError).off("close", onClose);
    };
    const onData = (chunk: Buffer) => {
      total += chunk.byteLength;
      if (total > MAX_BODY_BYTES) {
        done();
        incoming.pause();
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      done();
      resolve(new TextDecoder().decode(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, total)));
    };
    const onError = (error: Error) => {
      done();
      reject(error);
    };
    const onClose = () => {
      done();
      reject(new Error("the client closed the request before its body ended"));
    };
    incoming.on("data", onData).on("end", onEnd).on("error", onError).on("close", onClose);
  });
}
