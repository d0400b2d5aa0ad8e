import type { ReactNode } from "react";
import { Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { darkTokens, lightTokens, useCss, useTheme } from "latch-kit/react";

/**
 * A modal above the sign-in dialog (the pairing QR, 'We can't find a wallet'). It is portaled out
 * of the dialog, so it carries the theme tokens itself.
 */
export function KitModal({
  title,
  isOpen,
  onClose,
  children,
}: {
  title: string;
  isOpen: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const { css } = useCss();
  const { resolved } = useTheme();
  const tokens = resolved === "dark" ? darkTokens : lightTokens;
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
      isDismissable
      className={css(tokens, {
        position: "fixed",
        inset: 0,
        zIndex: 2147483001,
        background: "var(--latch-backdrop)",
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        padding: 16,
      })}
    >
      <Modal
        data-latch-theme={resolved}
        className={css(tokens, {
          width: "100%",
          maxWidth: 340,
          borderRadius: 16,
          padding: 20,
          background: "var(--latch-bg)",
          color: "var(--latch-fg)",
          fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
          lineHeight: 1.45,
          boxShadow: "0 16px 48px rgba(0,0,0,0.3)",
          outline: "none",
          "& *, & *::before, & *::after": { boxSizing: "border-box" },
        })}
      >
        <Dialog aria-label={title} className={css({ outline: "none", display: "flex", flexDirection: "column", alignItems: "center", gap: 12, textAlign: "center" })}>
          <Heading slot="title" level={2} className={css({ margin: 0, fontSize: 18, fontWeight: 700 })}>
            {title}
          </Heading>
          {children}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
