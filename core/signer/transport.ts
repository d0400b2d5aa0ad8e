import { LatchError } from "../errors";

/** How long one call may take, and the caller's way to give up earlier. */
export interface CallLimits {
  timeoutMs: number;
  signal?: AbortSignal;
}

/** The spec's timeout text; the route and the limit are kept in `details`. */
export class ConnectionTimeoutError extends LatchError {
  override name = "ConnectionTimeoutError" as const;
  constructor(details: { what: string; timeoutMs: number }) {
    super("Connection timed out: It looks like you need more time.", { details });
  }
}

const TIMEOUT_ERROR_NAMES = new Set(["ConnectionTimeoutError", "ActivityTimeoutError", "FrameTimeoutError"]);

/** A call that ran out of time (by name, so it holds across bundles): screens show the spec's timeout text. */
export function isTimeoutError(error: unknown): boolean {
  return error instanceof Error && TIMEOUT_ERROR_NAMES.has(error.name);
}

/**
 * Runs `call` with a signal that aborts when the caller's signal does (its reason rethrown) or when
 * `timeoutMs` passes (a ConnectionTimeoutError). The returned promise always settles, even when
 * `call` ignores the signal.
 */
export function withinLimits<T>(what: string, limits: CallLimits, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const { timeoutMs, signal } = limits;
  if (signal?.aborted) return Promise.reject(signal.reason);
  const controller = new AbortController();
  return new Promise<T>((resolve, reject) => {
    const fail = (reason: unknown) => {
      controller.abort(reason);
      reject(reason);
    };
    const onCallerAbort = () => fail(signal!.reason);
    const timer = setTimeout(() => fail(new ConnectionTimeoutError({ what, timeoutMs })), timeoutMs);
    signal?.addEventListener("abort", onCallerAbort, { once: true });
    call(controller.signal)
      .then(resolve, reject)
      .finally(() => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", onCallerAbort);
      });
  });
}

/** Waits `ms`, or rejects with the signal's reason when it aborts first. */
export function pause(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
