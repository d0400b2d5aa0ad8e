import type { Context, MiddlewareHandler } from "hono";
import { ApiError } from "../errors";

/** Every request body: 1 MiB (the largest genuine one, a passkey attestation, is a few KB). */
export const MAX_BODY_BYTES = 1024 * 1024;

const tooLarge = () => new ApiError(413, "BODY_TOO_LARGE", `The request body is over ${MAX_BODY_BYTES} bytes`);

/** Refuses a declared Content-Length over the limit before anything reads the body. */
export function bodyLimit(): MiddlewareHandler {
  return async (c, next) => {
    const length = c.req.header("Content-Length");
    if (length !== undefined && !(Number(length) <= MAX_BODY_BYTES)) throw tooLarge();
    await next();
  };
}

/** The body as text, read with the limit enforced as it streams (a chunked body declares no length). */
export async function readBodyText(c: Context): Promise<string> {
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
