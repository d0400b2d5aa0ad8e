/** The database cannot be reached (down, restarting, connection lost): the request may be retried. */
export class DatabaseUnavailableError extends Error {
  override readonly name = "DatabaseUnavailableError";
}

const CONNECTION_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "ENOTFOUND", "EHOSTUNREACH"]);

/**
 * Connection failures and PostgreSQL's own "going away" answers (class 08 connection exceptions,
 * 57P01–57P03 shutdown / cannot connect now) as opposed to a refused statement.
 */
export function isConnectionFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && (CONNECTION_CODES.has(code) || code.startsWith("08") || /^57P0[123]$/.test(code))) return true;
  return /Connection terminated|connection timeout|Client has encountered a connection error|timeout exceeded when trying to connect/i.test(
    error.message,
  );
}

export function asUnavailable(error: unknown): unknown {
  return isConnectionFailure(error) ? new DatabaseUnavailableError(`The database is unavailable: ${(error as Error).message}`, { cause: error }) : error;
}
