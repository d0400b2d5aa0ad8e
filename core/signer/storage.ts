import { COOKIE_STORAGE_LIFETIME_MS, DEFAULT_SESSION_KEY } from "../constants";

/** The part of the Web Storage API a session needs; an app may bring its own (cookies for SSR). */
export interface SessionStorageLike {
  /** The value stored under the key, or null. */
  getItem(key: string): string | null;
  /** Stores a value under the key. */
  setItem(key: string, value: string): void;
  /** Removes the key. */
  removeItem(key: string): void;
}

/** Where the session is kept: `"local"`, `"session"`, or your own storage (e.g. `cookieStorage()`). */
export type StorageOption = "local" | "session" | SessionStorageLike;

/** Resolved when used, never at import: there is no window on the server. */
export function resolveStorage(option: StorageOption): SessionStorageLike | null {
  if (typeof option === "object") return option;
  if (typeof window === "undefined") return null; // server: only an app-provided storage (cookies) is readable
  try {
    return (option === "session" ? globalThis.sessionStorage : globalThis.localStorage) ?? null;
  } catch {
    return null; // storage blocked
  }
}

/** What a server render needs from the request to render the signed-in user: the session cookie alone. */
export interface LatchInitialState {
  /** `name=value` of the session cookie, or "" when the request has none. */
  sessionCookie: string;
}

/**
 * Reads the session from a request's `Cookie` header on the server (e.g. Next's
 * `(await headers()).get("cookie")`), for `cookieStorage({ initialState })`. It keeps only the
 * session cookie, so passing the result to a client component exposes no other cookie.
 *
 * @example
 * // app/layout.tsx (a server component)
 * const initialState = cookieToInitialState((await headers()).get("cookie"));
 * return <Providers initialState={initialState}>{children}</Providers>;
 */
export function cookieToInitialState(cookieHeader: string | null | undefined, sessionKey: string = DEFAULT_SESSION_KEY): LatchInitialState {
  const prefix = `${encodeURIComponent(sessionKey)}=`;
  const found = (cookieHeader ?? "").split(/;\s*/).find((part) => part.startsWith(prefix));
  return { sessionCookie: found ?? "" };
}

/** Options of {@link cookieStorage}: domain, secure flag, and where cookies are read from. */
export interface CookieStorageOptions {
  domain?: string;
  secure?: boolean;
  /** Where to read cookies from; default `document.cookie`, or `initialState` where there is no document (a server render). */
  cookie?: () => string;
  /** From `cookieToInitialState` on the server: what a server render reads. */
  initialState?: LatchInitialState;
}

/**
 * Session storage in cookies, so a server render can read the session and the first client
 * render is already signed in. Cookies live COOKIE_STORAGE_LIFETIME_MS (about 400 days); the
 * session inside still expires on its own schedule.
 */
export function cookieStorage(options: CookieStorageOptions = {}): SessionStorageLike {
  const read = options.cookie ?? (() => (typeof document === "undefined" ? (options.initialState?.sessionCookie ?? "") : document.cookie));
  const write = (value: string) => {
    if (typeof document !== "undefined") document.cookie = value;
  };
  const attributes = () =>
    [`path=/`, `SameSite=Lax`, options.domain ? `domain=${options.domain}` : "", options.secure ? "Secure" : ""]
      .filter(Boolean)
      .join("; ");
  return {
    getItem(key) {
      const prefix = `${encodeURIComponent(key)}=`;
      const found = read()
        .split(/;\s*/)
        .find((part) => part.startsWith(prefix));
      return found ? decodeURIComponent(found.slice(prefix.length)) : null;
    },
    setItem(key, value) {
      const expires = new Date(Date.now() + COOKIE_STORAGE_LIFETIME_MS).toUTCString();
      write(`${encodeURIComponent(key)}=${encodeURIComponent(value)}; expires=${expires}; ${attributes()}`);
    },
    removeItem(key) {
      write(`${encodeURIComponent(key)}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; ${attributes()}`);
    },
  };
}
