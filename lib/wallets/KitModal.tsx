import type { ReactNode } from "react";
import { darkTokens, lightTokens, ModalDialog, useCss, useTheme } from "latch-kit/react";

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
    <ModalDialog
      isOpen={isOpen}
      onClose={onClose}
      aria-label={title}
      data-latch-theme={resolved}
      className={css(tokens, {
        border: "none",
        // The padding counts in the width: 16 px of the screen stay free on each side down to 320 px.
        boxSizing: "border-box",
        width: "calc(100% - 32px)",
        maxWidth: 340,
        // A long unbroken word (an address, a link) wraps instead of widening the box.
        overflowWrap: "anywhere",
        borderRadius: 16,
        padding: 20,
        background: "var(--latch-bg)",
        color: "var(--latch-fg)",
        fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
        lineHeight: 1.45,
        boxShadow: "0 16px 48px rgba(0,0,0,0.3)",
        outline: "none",
        "&::backdrop": { background: tokens["--latch-backdrop"] },
        "& *, & *::before, & *::after": { boxSizing: "border-box" },
      })}
    >
      <div className={css({ display: "flex", flexDirection: "column", alignItems: "center", gap: 12, textAlign: "center" })}>
        <h2 className={css({ margin: 0, fontSize: 18, fontWeight: 700 })}>{title}</h2>
        {children}
      </div>
    </ModalDialog>
  );
}
