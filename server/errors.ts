import type { ContentfulStatusCode } from "hono/utils/http-status";

import type { ErrorBody } from "../wire/routes";

export type { ErrorBody } from "../wire/routes";

export class ApiError extends Error {
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
