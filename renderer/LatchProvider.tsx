import { useEffect, useState, type ReactNode } from "react";
import createEmotion from "@emotion/css/create-instance";
import type { Kit } from "latch-kit";
import { LatchContext, type LatchContextValue } from "./context";
import { rendererBasePlugin } from "./base-plugin";
import { AuthDialog } from "./dialog/AuthDialog";

export interface LatchProviderProps {
  kit: Kit;
  children?: ReactNode;
  /** CSP nonce for the kit's style element. */
  nonce?: string;
}

/**
 * Gives the subtree a kit. In uiMode modal (the default) it also renders the sign-in dialog,
 * closed until `useAuthModal().openAuthModal()`.
 */
export function LatchProvider({ kit, children, nonce }: LatchProviderProps) {
  const [value] = useState<LatchContextValue>(() => {
    kit.use(rendererBasePlugin);
    return { kit, emotion: createEmotion({ key: "latch", ...(nonce ? { nonce } : {}) }) };
  });
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
