import { MAX_TIMER_MS, TEMPORARY_SESSION_SUFFIX } from "../constants";
import type { User } from "../types";
import { resolveStorage, type SessionStorageLike, type StorageOption } from "./storage";

/**
 * Session types: an open union, one per way of signing in; each method adds its own by module
 * augmentation (`interface SessionTypeRegistry { passkey: true }`).
 */
export interface SessionTypeRegistry {}

/** How a session was opened (email, passkey, oauth, …); plugins add theirs. */
export type SessionType = keyof SessionTypeRegistry & string;

/** A stored session: its type, user and expiry. */
export interface Session {
  type: SessionType;
  user: User;
  /** The credential bundle, re-injected into the auth frame after a reload. */
  bundle?: string;
  expirationDateMs: number;
  /** What a session type keeps besides (e.g. the passkey that stamps). */
  [field: string]: unknown;
}

/** What a sign-in in progress keeps between its steps (and across a magic-link round trip). */
export interface TemporarySession {
  orgId: string;
  isNewUser?: boolean;
  otpId?: string;
  contact?: string;
  encryptedPayload?: string;
  mfaFactorId?: string;
  /** The session the pending sign-in becomes once its second factor is validated (default 'otp'). */
  sessionType?: SessionType;
}

export interface SessionManagerOptions {
  storage: StorageOption;
  sessionKey: string;
  expirationTimeMs: number;
  /** Called when the session ends by itself: expiry, or another tab changed the user. */
  onEnd: () => void;
}

/** Keeps the session in storage, ends it on expiry, and re-checks it when the window regains focus. */
export class SessionManager {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private detachFocus: (() => void) | undefined;
  private current: Session | null = null;

  constructor(private readonly options: SessionManagerOptions) {}

  get expirationTimeMs(): number {
    return this.options.expirationTimeMs;
  }

  private get storage(): SessionStorageLike | null {
    return resolveStorage(this.options.storage);
  }

  /** The stored session if it has not expired; an expired or unreadable one is cleared. */
  load(): Session | null {
    const raw = this.storage?.getItem(this.options.sessionKey);
    if (!raw) return null;
    try {
      const session = JSON.parse(raw) as Session;
      if (!session?.user || typeof session.expirationDateMs !== "number") throw new Error("malformed");
      if (session.expirationDateMs <= Date.now()) throw new Error("expired");
      return session;
    } catch {
      this.clear();
      return null;
    }
  }

  /** Stores a new session for the user, expiring after the configured time. */
  create(type: SessionType, user: User, extra: Record<string, unknown> = {}): Session {
    const session: Session = { type, user, ...extra, expirationDateMs: Date.now() + this.options.expirationTimeMs };
    this.storage?.setItem(this.options.sessionKey, JSON.stringify(session));
    this.watch(session);
    return session;
  }

  /** Rewrites the stored session (same expiry), e.g. after the user changed their email. */
  save(session: Session): void {
    this.storage?.setItem(this.options.sessionKey, JSON.stringify(session));
    if (this.current) this.current = session;
  }

  /** Starts the expiry timer and the focus re-check for a session now in use. */
  watch(session: Session): void {
    this.current = session;
    clearTimeout(this.timer);
    // setTimeout overflows past 2^31-1 ms and would fire at once: cap it and re-arm.
    const arm = () => {
      const left = session.expirationDateMs - Date.now();
      if (left <= 0) return this.options.onEnd();
      this.timer = setTimeout(arm, Math.min(left, MAX_TIMER_MS));
    };
    arm();
    if (!this.detachFocus && typeof globalThis.addEventListener === "function") {
      const onFocus = () => this.recheck();
      globalThis.addEventListener("focus", onFocus);
      this.detachFocus = () => globalThis.removeEventListener("focus", onFocus);
    }
  }

  /** On focus: the session ends if it expired, or if storage now holds another user (another tab). */
  recheck(): void {
    if (!this.current) return;
    const stored = this.load();
    if (!stored || stored.expirationDateMs <= Date.now() || stored.user.userId !== this.current.user.userId) {
      this.options.onEnd();
    }
  }

  /** Removes the stored session. */
  clear(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.detachFocus?.();
    this.detachFocus = undefined;
    this.current = null;
    this.storage?.removeItem(this.options.sessionKey);
  }

  /** The sign-in in progress (e.g. waiting for a code), if any. */
  getTemporary(): TemporarySession | null {
    const raw = this.storage?.getItem(this.options.sessionKey + TEMPORARY_SESSION_SUFFIX);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as TemporarySession;
    } catch {
      return null;
    }
  }

  /** Stores the sign-in in progress. */
  setTemporary(temporary: TemporarySession): void {
    this.storage?.setItem(this.options.sessionKey + TEMPORARY_SESSION_SUFFIX, JSON.stringify(temporary));
  }

  /** Updates fields of the sign-in in progress. */
  updateTemporary(patch: Partial<TemporarySession>): void {
    const current = this.getTemporary();
    if (current) this.setTemporary({ ...current, ...patch });
  }

  /** A value kept beside the session, under `<sessionKey><suffix>`, in the same storage; null removes it. */
  companion(suffix: string): {
    /** The stored value, or null. */
    get(): string | null;
    /** Stores the value; null removes it. */
    set(value: string | null): void;
  } {
    const key = this.options.sessionKey + suffix;
    return {
      get: () => this.storage?.getItem(key) ?? null,
      set: (value) => (value === null ? this.storage?.removeItem(key) : this.storage?.setItem(key, value)),
    };
  }

  /** Forgets the sign-in in progress. */
  clearTemporary(): void {
    this.storage?.removeItem(this.options.sessionKey + TEMPORARY_SESSION_SUFFIX);
  }
}
