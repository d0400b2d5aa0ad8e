import { createContext, useContext } from "react";
import type { Kit } from "latch-kit";
import type { Emotion } from "@emotion/css/create-instance";

export interface LatchContextValue {
  kit: Kit;
  emotion: Emotion;
  /**
   * The kit's atom values when the provider first rendered: what a server render showed. Parts
   * that hydrate after the kit has started (React hydrates Suspense boundaries one by one) read
   * these while hydrating, so their first render matches the server's HTML.
   */
  hydration: ReadonlyMap<unknown, unknown>;
}

/** The React context {@link LatchProvider} provides. */
export const LatchContext = createContext<LatchContextValue | null>(null);

export function useLatchContext(): LatchContextValue {
  const value = useContext(LatchContext);
  if (!value) throw new Error("Latch hooks and components must be used inside <LatchProvider>");
  return value;
}

/** The kit of the nearest {@link LatchProvider}. */
export function useKit(): Kit {
  return useLatchContext().kit;
}
