import { useAtomValue } from "jotai/react";
import type { Atom } from "jotai/vanilla";
import { useKit } from "../context";

/** Reads one of the kit's atoms from the kit's own store (no jotai Provider needed). */
export function useKitAtom<T>(pick: (atoms: ReturnType<typeof useKit>["atoms"]) => Atom<T>): T {
  const kit = useKit();
  return useAtomValue(pick(kit.atoms), { store: kit.store });
}
