import { MEDIUM_BREAKPOINT_PX, MODAL_WIDTH_PX, DRAWER, MissingUiAuthConfigError } from "latch-kit";
import { useKit } from "../context";
import { useCss } from "../hooks/useCss";
import { useKitAtom } from "../hooks/useKitAtom";
import { rendererStrings, useStrings } from "../strings";
import { AuthContent } from "./AuthContent";
import { useRootClass } from "./useRootStyle";
import { useDirection } from "./useDirection";
import { darkTokens, lightTokens } from "../theme/tokens";
import { useSheetDrag } from "./useSheetDrag";
import { ModalDialog } from "../overlay/ModalDialog";

/**
 * The sign-in dialog (uiMode modal): a bottom sheet below the medium breakpoint, a centred
 * 368 px box at and above it (a modal <dialog>: see ModalDialog). Escape and a backdrop click close
 * it; focus stays inside while it is open and goes back to the opener after.
 */
export function AuthDialog() {
  const kit = useKit();
  const { css, cx } = useCss();
  const t = useStrings("renderer", rendererStrings);
  const isOpen = useKitAtom((a) => a.modalOpen);
  const root = useRootClass();
  const { locale, dir } = useDirection();
  const drag = useSheetDrag(() => kit.closeModal());
  if (!kit.config.ui.auth) throw new MissingUiAuthConfigError();
  const medium = `@media (min-width: ${MEDIUM_BREAKPOINT_PX}px)`;
  const reducedMotion = "@media (prefers-reduced-motion: reduce)";

  return (
    <ModalDialog
      isOpen={isOpen}
      onClose={() => kit.closeModal()}
      aria-label={t.dialogLabel}
      data-latch-sheet=""
      data-latch-theme={root.theme}
      lang={locale}
      dir={dir}
      className={cx(
        root.className,
        css({
          // The platform's dialog box, reset: a bottom sheet by default, a centred box from `medium` up.
          position: "fixed",
          inset: "auto 0 0 0",
          margin: 0,
          border: "none",
          width: "100%",
          maxWidth: "100%",
          maxHeight: "100dvh",
          borderRadius: "16px 16px 0 0",
          padding: "12px 20px 16px",
          boxShadow: "0 -8px 32px rgba(0,0,0,0.2)",
          outline: "none",
          overscrollBehavior: "contain",
          animation: `latch-sheet-in ${DRAWER.animationSeconds}s cubic-bezier(0.32, 0.72, 0, 1)`,
          "@keyframes latch-sheet-in": { from: { transform: "translateY(100%)" }, to: { transform: "translateY(0)" } },
          // The backdrop is drawn outside the themed box, so it reads the token's value, not the variable.
          "&::backdrop": { background: (root.theme === "dark" ? darkTokens : lightTokens)["--latch-backdrop"] },
          [medium]: {
            inset: 0,
            margin: "auto",
            width: MODAL_WIDTH_PX,
            height: "fit-content",
            borderRadius: 16,
            boxShadow: "0 16px 48px rgba(0,0,0,0.25)",
            animation: "none",
          },
          [reducedMotion]: { animation: "none" },
        }),
        kit.config.ui.modalBaseClassName,
      )}
    >
      {/* The grab handle of the bottom sheet (drag down to close); hidden at medium width and up. */}
      <div
        {...drag}
        aria-hidden="true"
        data-latch-sheet-handle=""
        className={css({
          margin: "-4px auto 4px",
          width: 48,
          height: 20,
          display: "flex",
          alignItems: "center",
          justifyContent: "center",
          cursor: "grab",
          touchAction: "none",
          "&::before": { content: '""', width: 40, height: 4, borderRadius: 2, background: "var(--latch-border)" },
          [medium]: { display: "none" },
        })}
      />
      <AuthContent onClose={kit.config.ui.hideCloseButton ? undefined : () => kit.closeModal()} />
    </ModalDialog>
  );
}
