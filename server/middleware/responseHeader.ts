import type { Context } from "hono";

/**
 * Sets a header on the answer a handler already made. `c.header()` after the answer copies it into a new
 * Response (its body re-wrapped as a stream) on every call; the answer's own headers are set in place
 * instead, and only a Response with immutable headers (one made by fetch) is copied.
 */
export function setResponseHeader(c: Context, name: string, value: string): void {
  const headers = c.res.headers;
  if (headers.get(name) === value) return;
  try {
    headers.set(name, value);
  } catch {
    c.header(name, value);
  }
}
