import type { ContentfulStatusCode } from "hono/utils/http-status";

import type { ErrorBody } from "../wire/routes";

export type { ErrorBody } from "../wire/routes";

/**
 * Marks an ApiError from any copy of this module (a method may bring its own copy of the server's
 * method kit): the engine recognises errors by this brand, not by `instanceof`.
 */
export const API_ERROR_BRAND: unique symbol = Symbol.for("latch-server.api-error") as never;

export class ApiError extends Error {
  readonly [API_ERROR_BRAND] = true;

  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    /** Extra top-level fields some clients read (e.g. `data.multiFactors`). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }

  body(): ErrorBody {
    return {
      ...this.extra,
      code: this.code,
      message: this.message,
      error: this.message,
      ...(this.details === undefined ? {} : { details: this.details }),
    };
  }
}

export const badRequest = (code: string, message: string, details?: unknown) => new ApiError(400, code, message, details);
export const unauthorized = (code: string, message: string, details?: unknown) => new ApiError(401, code, message, details);
export const forbidden = (code: string, message: string, details?: unknown) => new ApiError(403, code, message, details);
export const notFound = (code: string, message: string, details?: unknown) => new ApiError(404, code, message, details);
export const conflict = (code: string, message: string, details?: unknown) => new ApiError(409, code, message, details);

/** What the engine reads from a refusal, whichever copy of ApiError made it. */
export interface ApiErrorLike {
  status: ContentfulStatusCode;
  code: string;
  message: string;
  details?: unknown;
  extra?: Record<string, unknown>;
}

/** An ApiError of this module or of another copy of it (recognised by its brand, then by its shape). */
export function isApiError(error: unknown): error is ApiErrorLike {
  if (error instanceof ApiError) return true;
  if (typeof error !== "object" || error === null || (error as Record<symbol, unknown>)[API_ERROR_BRAND] !== true) return false;
  const { status, code, message } = error as Partial<ApiErrorLike>;
  return Number.isInteger(status) && status! >= 400 && status! <= 599 && typeof code === "string" && typeof message === "string";
}

/** The engine's own ApiError for a refusal of any copy (its answer body is then the engine's). */
export function asApiError(error: ApiErrorLike): ApiError {
  if (error instanceof ApiError) return error;
  const extra = typeof error.extra === "object" && error.extra !== null ? error.extra : {};
  return new ApiError(error.status, error.code, error.message, error.details, extra);
}
