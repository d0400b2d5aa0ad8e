import { useCallback, useRef, useState } from "react";

/** An action's state: run it, its pending flag, error and result. */
export interface ActionState<A extends unknown[], R> {
  /** Runs the action; errors land in `error` (never an unhandled rejection). */
  run: (...args: A) => void;
  /** Runs the action and returns its promise, which always settles. */
  runAsync: (...args: A) => Promise<R>;
  isPending: boolean;
  error: Error | null;
  data: R | undefined;
}

/**
 * The callbacks a hook takes as react-query's mutations do (Account Kit's hooks take them): `onMutate`
 * before the action (its answer is the context the others get), then `onSuccess` or `onError`, then
 * `onSettled`. Each is awaited; one that throws fails the action as react-query's do.
 */
export interface ActionCallbacks<V, R, C = unknown> {
  /** Runs before the action; what it returns is the `context` the other callbacks get. */
  onMutate?: (variables: V) => C | Promise<C>;
  /** Runs with the result when the action succeeded. */
  onSuccess?: (data: R, variables: V, context: C | undefined) => unknown;
  /** Runs with the error when the action failed. */
  onError?: (error: Error, variables: V, context: C | undefined) => unknown;
  /** Runs last, after success or failure. */
  onSettled?: (data: R | undefined, error: Error | null, variables: V, context: C | undefined) => unknown;
}

/** A mutation-like wrapper: pending, error and result state around an async function, with optional callbacks (keyed by the first argument). */
export function useAction<A extends unknown[], R>(fn: (...args: A) => Promise<R>, callbacks: ActionCallbacks<A[0], R> = {}): ActionState<A, R> {
  const [state, setState] = useState<{ isPending: boolean; error: Error | null; data: R | undefined }>({
    isPending: false,
    error: null,
    data: undefined,
  });
  const latest = useRef({ fn, callbacks });
  latest.current = { fn, callbacks };
  const runAsync = useCallback(async (...args: A) => {
    setState((s) => ({ ...s, isPending: true, error: null }));
    const { fn: run, callbacks: on } = latest.current;
    let context: unknown;
    try {
      context = await on.onMutate?.(args[0]);
      const data = await run(...args);
      await on.onSuccess?.(data, args[0], context);
      await on.onSettled?.(data, null, args[0], context);
      setState({ isPending: false, error: null, data });
      return data;
    } catch (thrown) {
      const error = thrown instanceof Error ? thrown : new Error(String(thrown));
      try {
        await on.onError?.(error, args[0], context);
        await on.onSettled?.(undefined, error, args[0], context);
      } finally {
        setState((s) => ({ ...s, isPending: false, error }));
      }
      throw error;
    }
  }, []);
  const run = useCallback((...args: A) => void runAsync(...args).catch(() => {}), [runAsync]);
  return { run, runAsync, ...state };
}
