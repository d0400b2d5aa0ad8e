import { useCallback } from "react";
import { useKit } from "../context";
import { useKitAtom } from "./useKitAtom";

/** What {@link useAuthModal} returns. */
export interface UseAuthModalResult {
  isOpen: boolean;
  /** Opens the sign-in dialog. */
  openAuthModal: () => void;
  /** Closes the sign-in dialog. */
  closeAuthModal: () => void;
}

/**
 * Opens and closes the sign-in dialog.
 *
 * @example
 * const { openAuthModal } = useAuthModal();
 * return <button onClick={openAuthModal}>Sign in</button>;
 */
export function useAuthModal(): UseAuthModalResult {
  const kit = useKit();
  const isOpen = useKitAtom((a) => a.modalOpen);
  const openAuthModal = useCallback(() => kit.openModal(), [kit]);
  const closeAuthModal = useCallback(() => kit.closeModal(), [kit]);
  return { isOpen, openAuthModal, closeAuthModal };
}
