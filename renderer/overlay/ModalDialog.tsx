import { useLayoutEffect, useRef, type DialogHTMLAttributes, type MouseEvent, type PointerEvent, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { lockPageScroll } from "./scroll-lock";
import { wrapTabInside } from "./tabbable";

/** Props of the modal dialog: a native dialog's, whether it is open, and what closing asks. */
export interface ModalDialogProps extends Omit<DialogHTMLAttributes<HTMLDialogElement>, "open" | "onClose" | "onCancel"> {
  /** A closed dialog renders nothing. */
  isOpen: boolean;
  /** Asked to close: Escape, or a click on the backdrop. */
  onClose: () => void;
  children?: ReactNode;
}

/**
 * A modal dialog on the platform's `<dialog>` opened with `showModal()`: it sits in the top layer
 * above everything, the rest of the page is inert (no focus, no clicks, hidden from screen readers)
 * and Escape asks it to close. On top of that: the dialog takes the focus when it opens and gives it
 * back to what had it when it closes, Tab wraps around inside, a click on the backdrop closes it and
 * the page behind does not scroll. Name it with `aria-label` or `aria-labelledby`; style the
 * backdrop with `::backdrop`.
 */
export function ModalDialog({ isOpen, ...props }: ModalDialogProps) {
  if (!isOpen || typeof document === "undefined") return null;
  // In <body>, as a portal: the dialog inherits nothing from where the app placed the provider.
  return createPortal(<OpenDialog {...props} />, document.body);
}

function OpenDialog({ onClose, children, onPointerDown, onClick, onKeyDown, ...props }: Omit<ModalDialogProps, "isOpen">) {
  const ref = useRef<HTMLDialogElement>(null);
  const latestOnClose = useRef(onClose);
  const pressedOnBackdrop = useRef(false);
  useLayoutEffect(() => {
    latestOnClose.current = onClose;
  });

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = dialog.ownerDocument.activeElement;
    // Escape: the dialog closes when the app says so. A browser that closes it anyway (Chromium does
    // after a second Escape without a user gesture between) still tells the app through `close`.
    const onCancel = (event: Event) => {
      event.preventDefault();
      latestOnClose.current();
    };
    // `close` is queued: one left over from a close() below (React's strict mode unmounts and mounts
    // again) arrives when the dialog is open again, and is no request to close.
    const onNativeClose = () => {
      if (!dialog.open) latestOnClose.current();
    };
    dialog.addEventListener("cancel", onCancel);
    dialog.addEventListener("close", onNativeClose);
    // A browser without showModal() (before Safari 15.4) still shows it, without the top layer.
    if (!dialog.open) {
      if (typeof dialog.showModal === "function") dialog.showModal();
      else dialog.setAttribute("open", "");
    }
    const unlockScroll = lockPageScroll(dialog.ownerDocument);
    // The dialog itself first, as the step inside moves the focus on to its first field.
    dialog.focus();
    return () => {
      dialog.removeEventListener("cancel", onCancel);
      dialog.removeEventListener("close", onNativeClose);
      // Closed before the focus goes back: while it is modal the rest of the page is inert.
      if (dialog.open) dialog.close();
      unlockScroll();
      if (opener instanceof HTMLElement && opener.isConnected && opener !== opener.ownerDocument.body) opener.focus({ preventScroll: true });
    };
  }, []);

  // A click that both starts and ends on the backdrop (outside the dialog's box) closes; a text
  // selection dragged out of the dialog does not.
  const handlePointerDown = (event: PointerEvent<HTMLDialogElement>) => {
    pressedOnBackdrop.current = isOnBackdrop(event);
    onPointerDown?.(event);
  };
  const handleClick = (event: MouseEvent<HTMLDialogElement>) => {
    onClick?.(event);
    const close = pressedOnBackdrop.current && isOnBackdrop(event);
    pressedOnBackdrop.current = false;
    if (close) onClose();
  };

  return (
    <dialog
      // The role and aria-modal say explicitly what showModal() implies, for older assistive tech.
      role="dialog"
      aria-modal="true"
      tabIndex={-1}
      {...props}
      ref={ref}
      onPointerDown={handlePointerDown}
      onClick={handleClick}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        wrapTabInside(event.nativeEvent, event.currentTarget);
      }}
    >
      {children}
    </dialog>
  );
}

function isOnBackdrop(event: MouseEvent<HTMLDialogElement>): boolean {
  if (event.target !== event.currentTarget) return false;
  const box = event.currentTarget.getBoundingClientRect();
  return event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom;
}
