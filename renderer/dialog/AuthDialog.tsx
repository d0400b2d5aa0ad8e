import { Dialog, I18nProvider, Modal, ModalOverlay } from "react-aria-components";
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

/**
 * The sign-in dialog (uiMode modal): a bottom sheet below the medium breakpoint, a centred
 * 368 px box at and above it. Escape and a backdrop click close it; focus is trapped inside.
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
    <I18nProvider locale={locale}>
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={(open) => (open ? kit.openModal() : kit.closeModal())}
      isDismissable
      className={css({
        position: "fixed",
        inset: 0,
        zIndex: 2147483000,
        // The overlay sits outside the themed modal, so it reads the token's value, not the variable.
        background: (root.theme === "dark" ? darkTokens : lightTokens)["--latch-backdrop"],
        display: "flex",
        alignItems: "flex-end",
        justifyContent: "center",
        [medium]: { alignItems: "center" },
      })}
    >
      <Modal
        data-latch-sheet=""
        data-latch-theme={root.theme}
        dir={dir}
        className={cx(
          root.className,
          css({
            width: "100%",
            maxHeight: "100dvh",
            borderRadius: "16px 16px 0 0",
            padding: "12px 20px 16px",
            boxShadow: "0 -8px 32px rgba(0,0,0,0.2)",
            outline: "none",
            animation: `latch-sheet-in ${DRAWER.animationSeconds}s cubic-bezier(0.32, 0.72, 0, 1)`,
            "@keyframes latch-sheet-in": { from: { transform: "translateY(100%)" }, to: { transform: "translateY(0)" } },
            [medium]: {
              width: MODAL_WIDTH_PX,
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
        <Dialog aria-label={t.dialogLabel} className={css({ outline: "none" })}>
          <AuthContent onClose={kit.config.ui.hideCloseButton ? undefined : () => kit.closeModal()} />
        </Dialog>
      </Modal>
    </ModalOverlay>
    </I18nProvider>
  );
}
