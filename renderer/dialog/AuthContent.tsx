import { useEffect, useRef, type ComponentType } from "react";
import { MODAL_BODY_MAX_HEIGHT, type Kit, type StepProps } from "latch-kit";
import { useKit } from "../context";
import { useCss } from "../hooks/useCss";
import { useKitAtom } from "../hooks/useKitAtom";
import { rendererStrings, useStrings } from "../strings";

type StepView = ComponentType<StepProps>;

/**
 * Draws whatever step is current, from what plugins registered: header (back, close), the step's
 * Screen and Footer, and the 'protected by' footer. It never looks at which step it is.
 */
export function AuthContent({ onClose }: { onClose?: () => void }) {
  const kit = useKit();
  const { css } = useCss();
  const t = useStrings("renderer", rendererStrings);
  const step = useKitAtom((a) => a.authStep);
  const definition = kit.step(step.type);
  const Screen = definition.Screen as StepView | undefined;
  const Footer = definition.Footer as StepView | undefined;
  const showBack = definition.showBack ?? definition.back != null;
  const root = useRef<HTMLDivElement>(null);
  const stepArea = useRef<HTMLDivElement>(null);
  useEffect(() => focusIntoStep(root.current, stepArea.current), [step.type]);

  const iconButton = css({
    width: 32,
    height: 32,
    display: "inline-flex",
    alignItems: "center",
    justifyContent: "center",
    border: "none",
    borderRadius: 8,
    background: "transparent",
    color: "var(--latch-fg)",
    cursor: "pointer",
    "&:hover": { background: "var(--latch-surface)" },
    "&:focus-visible": { outline: "2px solid var(--latch-focus)" },
    "[dir=rtl] & svg": { transform: "scaleX(-1)" },
  });

  return (
    <div ref={root} className={css({ display: "flex", flexDirection: "column", gap: 12, minHeight: 0 })}>
      <div className={css({ display: "flex", justifyContent: "space-between", alignItems: "center", minHeight: 32 })}>
        {showBack ? (
          <button type="button" className={iconButton} aria-label={t.back} onClick={() => kit.back()}>
            <ChevronLeft />
          </button>
        ) : (
          <span />
        )}
        {onClose && (
          <button type="button" className={iconButton} aria-label={t.close} onClick={onClose}>
            <CrossIcon />
          </button>
        )}
      </div>
      <div
        ref={stepArea}
        data-latch-step={step.type}
        className={css({ maxHeight: MODAL_BODY_MAX_HEIGHT, overflowY: "auto", padding: "2px", minHeight: 0 })}
      >
        {Screen ? <Screen kit={kit as Kit} step={step as never} /> : null}
      </div>
      {Footer ? (
        <div className={css({ textAlign: "center", fontSize: 13, color: "var(--latch-muted)" })}>
          <Footer kit={kit as Kit} step={step as never} />
        </div>
      ) : null}
      <ProtectedBy label={t.protectedBy} brand={t.brand} />
    </div>
  );
}

/**
 * A new step keeps the focus where it is if that is still inside the dialog (a screen's own
 * autofocus, the back button); otherwise it goes to the step's first field, else its heading, so
 * keyboard users are never left on <body>.
 */
function focusIntoStep(root: HTMLElement | null, stepArea: HTMLElement | null): void {
  if (!root || !stepArea) return;
  const active = document.activeElement;
  if (active && active !== document.body && root.contains(active)) return;
  const field = stepArea.querySelector<HTMLElement>("input:not([disabled]), textarea:not([disabled]), select:not([disabled])");
  if (field) return field.focus();
  const heading = stepArea.querySelector<HTMLElement>("h1, h2, h3");
  if (heading) {
    heading.tabIndex = -1;
    heading.focus();
  }
}

function ProtectedBy({ label, brand }: { label: string; brand: string }) {
  const { css } = useCss();
  return (
    <p
      className={css({
        margin: 0,
        paddingTop: 8,
        borderTop: "1px solid var(--latch-border)",
        textAlign: "center",
        fontSize: 12,
        color: "var(--latch-muted)",
        // The spec's text is lower case and shown as written.
      })}
    >
      {label} <strong>{brand}</strong>
    </p>
  );
}

const ChevronLeft = () => (
  <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
    <path d="M12.5 4.5 7 10l5.5 5.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </svg>
);

const CrossIcon = () => (
  <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
    <path d="M5 5l10 10M15 5 5 15" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </svg>
);
