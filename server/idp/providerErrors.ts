// A provider failure as the server reports it: a stable code the kit maps to a text people can read
// (plugins/oauth/strings.ts), and a message for the operator that says what went wrong where.
import { ApiError, badRequest } from "../errors";

/** The provider did not answer, or answered with a server error: try again later. */
export const providerUnavailable = (id: string, why: string) => new ApiError(502, "PROVIDER_UNAVAILABLE", `Identity provider ${id} is unavailable: ${why}`);

/** The provider refused this server as a client (wrong id, secret, key, redirect URI or issuer): the operator must fix the configuration. */
export const providerMisconfigured = (id: string, why: string) => new ApiError(502, "PROVIDER_MISCONFIGURED", `Sign-in with ${id} is misconfigured on this server: ${why}`);

/** OAuth errors that mean the client itself is refused (RFC 6749 §5.2), not this one code. */
const CLIENT_ERRORS = new Set(["invalid_client", "unauthorized_client", "unsupported_grant_type"]);

/**
 * A token endpoint's refusal: `{error, error_description}` (RFC 6749 §5.2) or Graph's
 * `{error: {message, type, code}}`; a refused client is a misconfiguration, a 5xx an outage,
 * anything else (an expired or used code) a failed exchange.
 */
export function tokenRefusal(id: string, status: number, body: Record<string, unknown>): ApiError {
  const graph = typeof body.error === "object" && body.error !== null ? (body.error as Record<string, unknown>) : undefined;
  const code = typeof body.error === "string" ? body.error : undefined;
  const description = typeof body.error_description === "string" ? body.error_description : typeof graph?.message === "string" ? graph.message : undefined;
  const reason = [code, description].filter(Boolean).join(": ") || `status ${status}`;
  if (status >= 500) return providerUnavailable(id, `its token endpoint answered ${status} (${reason})`);
  if ((code && CLIENT_ERRORS.has(code)) || status === 401) return providerMisconfigured(id, `its token endpoint refused this server as a client (${reason})`);
  return badRequest("TOKEN_EXCHANGE_FAILED", `${id} refused the code: ${reason}`);
}
