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

/** A mutation-like wrapper: pending, error and result state around an async function. */
export function useAction<A extends unknown[], R>(fn: (...args: A) => Promise<R>): ActionState<A, R> {
  const [state, setState] = useState<{ isPending: boolean; error: Error | null; data: R | undefined }>({
    isPending: false,
    error: null,
    data: undefined,
  });
  const latest = useRef(fn);
  latest.current = fn;
  const runAsync = useCallback(async (...args: A) => {
    setState((s) => ({ ...s, isPending: true, error: null }));
    try {
      const data = await latest.current(...args);
      setState({ isPending: false, error: null, data });
      return data;
    } catch (thrown) {
      const error = thrown instanceof Error ? thrown : new Error(String(thrown));
      setState((s) => ({ ...s, isPending: false, error }));
      throw error;
    }
  }, []);
  const run = useCallback((...args: A) => void runAsync(...args).catch(() => {}), [runAsync]);
  return { run, runAsync, ...state };
}
