import { useEffect, useMemo, type ReactNode } from "react";
import createEmotion from "@emotion/css/create-instance";
import type { Atom } from "jotai/vanilla";
import type { Kit } from "latch-kit";
import { LatchContext, type LatchContextValue } from "./context";
import { rendererBasePlugin } from "./base-plugin";
import { AuthDialog } from "./dialog/AuthDialog";

/** Props of {@link LatchProvider}: the kit, your app as children, and a CSP nonce for its styles. */
export interface LatchProviderProps {
  kit: Kit;
  children?: ReactNode;
  /** CSP nonce for the kit's style element. */
  nonce?: string;
}

/**
 * Gives the subtree a kit. In uiMode modal (the default) it also renders the sign-in dialog,
 * closed until `useAuthModal().openAuthModal()`.
 *
 * @example
 * <LatchProvider kit={kit}>
 *   <App />
 * </LatchProvider>
 */
export function LatchProvider({ kit, children, nonce }: LatchProviderProps) {
  // A new kit (an app that rebuilds it) gets a new context; the same kit keeps its styles.
  const value = useMemo<LatchContextValue>(() => {
    kit.use(rendererBasePlugin);
    const atoms: Atom<unknown>[] = Object.values(kit.atoms);
    const hydration = new Map(atoms.map((atom) => [atom, kit.store.get(atom)]));
    return { kit, emotion: createEmotion({ key: "latch", ...(nonce ? { nonce } : {}) }), hydration };
  }, [kit, nonce]);
  useEffect(() => {
    void kit.start();
  }, [kit]);
  const withDialog = kit.config.ui.uiMode === "modal" && kit.config.ui.auth;
  return (
    <LatchContext.Provider value={value}>
      {children}
      {withDialog ? <AuthDialog /> : null}
    </LatchContext.Provider>
  );
}
