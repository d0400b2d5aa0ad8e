import { useLatchContext } from "../context";

/** The kit-scoped emotion instance: class names prefixed `latch-`, no global styles. */
export function useCss() {
  return useLatchContext().emotion;
}
