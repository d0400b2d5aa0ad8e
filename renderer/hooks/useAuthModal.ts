import { useCallback } from "react";
import { useKit } from "../context";
import { useKitAtom } from "./useKitAtom";

export interface UseAuthModalResult {
  isOpen: boolean;
  openAuthModal: () => void;
  closeAuthModal: () => void;
}

export function useAuthModal(): UseAuthModalResult {
  const kit = useKit();
  const isOpen = useKitAtom((a) => a.modalOpen);
  const openAuthModal = useCallback(() => kit.openModal(), [kit]);
  const closeAuthModal = useCallback(() => kit.closeModal(), [kit]);
  return { isOpen, openAuthModal, closeAuthModal };
}
