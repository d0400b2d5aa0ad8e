import { HTTPException } from "hono/http-exception";
import type { ServerContext } from "../context";
import { DatabaseUnavailableError } from "../db/unavailable";
import { ApiError, asApiError, isApiError } from "../errors";
import { jsonAnswer, type Answer, type Exchange } from "./exchange";

/** What the error mapping tells the profile (its logs). */
export interface ErrorHooks {
  /** An error no route expected (answered 500); default console.error. */
  onUnexpectedError?: (error: Error, exchange: Exchange) => void;
  /** A client went away before its request was read (not the server's fault); default nothing. */
  onClientAbort?: (exchange: Exchange) => void;
}

/** The answer to a thrown error, on either path: refusals as their status and code, anything else 500 (with the hook told). */
export function errorAnswer(thrown: unknown, exchange: Exchange, ctx: ServerContext, hooks: ErrorHooks): Answer {
  // Recognised by brand or shape, not instanceof: a method may throw from its own copy of the kit or of Hono.
  if (isApiError(thrown)) {
    const error = asApiError(thrown);
    ctx.observer.refused(error.code);
    const retryAfter = (error.details as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds;
    return jsonAnswer(error.status, error.body(), error.status === 429 && retryAfter ? { "Retry-After": String(retryAfter) } : undefined);
  }
  const error = thrown instanceof Error ? thrown : new Error(String(thrown));
  if (exchange.aborted() || isClientAbort(error)) {
    hooks.onClientAbort?.(exchange);
    return jsonAnswer(400, new ApiError(400, "CLIENT_ABORTED", "The client closed the request before it was read").body());
  }
  if (error instanceof DatabaseUnavailableError) {
    return jsonAnswer(503, new ApiError(503, "UNAVAILABLE", "The server cannot reach its database right now; try again shortly").body(), { "Retry-After": "1" });
  }
  if (isHttpException(error)) {
    return jsonAnswer(error.status, new ApiError(error.status as 400, "HTTP_ERROR", error.message || "Request refused").body());
  }
  if (hooks.onUnexpectedError) hooks.onUnexpectedError(error, exchange);
  else console.error("[latch-server] unexpected error", error);
  const detail = ctx.profile === "dev" ? `Internal emulator error: ${error.message}` : "Internal server error";
  return jsonAnswer(500, new ApiError(500, "INTERNAL", detail).body());
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
