import { useAtomValue } from "jotai/react";
import { getEmbeddedSigner, type EmbeddedSigner, type SignerState, type SignerStatus, type User } from "latch-kit";
import { useKit } from "../context";
import { useKitAtom } from "./useKitAtom";

/** The kit's embedded signer. */
export function useSigner(): EmbeddedSigner {
  return getEmbeddedSigner(useKit());
}

/**
 * The signed-in user, or null.
 *
 * @example
 * const user = useUser();
 * return user ? <p>{user.email ?? user.address}</p> : null;
 */
export function useUser(): User | null {
  return useKitAtom((a) => a.user);
}

/** What {@link useSignerStatus} returns. */
export interface SignerStatusResult {
  status: SignerStatus;
  isInitializing: boolean;
  isAuthenticating: boolean;
  isConnected: boolean;
  isDisconnected: boolean;
}

/**
 * The signer status, with flags for each phase. A session read from storage (a cookie in a server
 * render, local storage before the restore finishes) already counts as `CONNECTED`, as in Account
 * Kit: a page gated on `isConnected` renders signed in on the server; a session that then fails to
 * restore turns `DISCONNECTED`.
 *
 * @example
 * const { isInitializing, isConnected } = useSignerStatus();
 * if (isInitializing) return <Spinner />;
 */
export function useSignerStatus(): SignerStatusResult {
  const kitStatus = useKitAtom((a) => a.status);
  const user = useUser();
  const status: SignerStatus = kitStatus === "INITIALIZING" && user ? "CONNECTED" : kitStatus;
  return {
    status,
    isInitializing: status === "INITIALIZING",
    isAuthenticating: status.startsWith("AUTHENTICATING") || status.startsWith("AWAITING"),
    isConnected: status === "CONNECTED",
    isDisconnected: status === "DISCONNECTED",
  };
}

/** The embedded signer's state: last error, MFA status, otp id, new-user flag. */
export function useSignerState(): SignerState {
  const kit = useKit();
  const signer = getEmbeddedSigner(kit);
  return useAtomValue(signer.stateAtom, { store: kit.store });
}

/** The last sign-in error, or null. */
export function useAuthError(): Error | null {
  return useSignerState().error;
}
