import type { Kit } from "./kit-contract";
import type { AuthStepType } from "./steps";

// What every action takes is a plain type of core/types.ts (the kit contract names it too).
export type { AbortOptions } from "./types";

/** An abort, by name (so it holds across bundles and for a caller's own reason of that name). */
export function isAbortError(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { name?: unknown }).name === "AbortError";
}

/**
 * Settles with `promise`, or rejects with the signal's reason as soon as it aborts: the caller's
 * promise settles promptly even where the work underneath cannot be stopped.
 */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) {
    promise.catch(() => undefined);
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/**
 * A signal that aborts when the flow leaves `stepType` (Cancel, back, the dialog closed): what a step
 * started (a passkey prompt, a popup, a wallet request) stops with it. `release()` when the work ends.
 */
export function abortOnLeavingStep(
  kit: Kit,
  stepType: AuthStepType,
): {
  signal: AbortSignal;
  /** Stops watching the step (call it when the work settles). */
  release: () => void;
} {
  const controller = new AbortController();
  const leave = () => controller.abort(new DOMException(`The flow left the "${stepType}" step`, "AbortError"));
  const offStep = kit.events.on("stepChanged", (step) => {
    if (step.type !== stepType) leave();
  });
  const offModal = kit.events.on("modalOpenChanged", (open) => {
    if (!open) leave();
  });
  return {
    signal: controller.signal,
    release: () => {
      offStep();
      offModal();
    },
  };
}
