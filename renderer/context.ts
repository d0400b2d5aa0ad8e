import { createContext, useContext } from "react";
import type { Kit } from "latch-kit";
import type { Emotion } from "@emotion/css/create-instance";

export interface LatchContextValue {
  kit: Kit;
  emotion: Emotion;
}

export const LatchContext = createContext<LatchContextValue | null>(null);

export function useLatchContext(): LatchContextValue {
  const value = useContext(LatchContext);
  if (!value) throw new Error("Latch hooks and components must be used inside <LatchProvider>");
  return value;
}

export function useKit(): Kit {
  return useLatchContext().kit;
}
