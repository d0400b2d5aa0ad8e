import { useCallback, useSyncExternalStore } from "react";
import type { Atom } from "jotai/vanilla";
import { useLatchContext, type LatchContextValue } from "../context";

/**
 * Reads one of the kit's atoms from the kit's own store (no jotai Provider needed). While hydrating
 * it reads the value the server rendered, then the current one: no hydration mismatch when the
 * kit settled (e.g. signed out) before a later Suspense boundary hydrated.
 */
export function useKitAtom<T>(pick: (atoms: LatchContextValue["kit"]["atoms"]) => Atom<T>): T {
  const { kit, hydration } = useLatchContext();
  const atom = pick(kit.atoms);
  const subscribe = useCallback((onChange: () => void) => kit.store.sub(atom, onChange), [kit, atom]);
  const read = () => kit.store.get(atom);
  const readAsServerRendered = () => (hydration.has(atom) ? (hydration.get(atom) as T) : kit.store.get(atom));
  return useSyncExternalStore(subscribe, read, readAsServerRendered);
}
