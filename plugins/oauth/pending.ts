/** How long a redirect sign-in may take to come back (the prepared request's lifetime). */
const MARK_TTL_MS = 30 * 60_000;
const markKey = (kitId: string) => `latch:oauth-redirect-pending:${kitId}`;

/**
 * A mark in this tab's session storage that it started a redirect sign-in: the return completes only
 * with it (used once), so a result the kit did not start (login CSRF) is refused. Where session
 * storage is unavailable nothing can be marked, and the return is let through.
 */
export const redirectMark = {
  set(kitId: string): void {
    try {
      sessionStorage.setItem(markKey(kitId), String(Date.now()));
    } catch {
      // storage blocked: take() lets the return through
    }
  },
  take(kitId: string): boolean {
    let value: string | null;
    try {
      value = sessionStorage.getItem(markKey(kitId));
      sessionStorage.removeItem(markKey(kitId));
    } catch {
      return true;
    }
    return value !== null && Date.now() - Number(value) < MARK_TTL_MS;
  },
};
