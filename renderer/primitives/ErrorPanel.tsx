import { useEffect, type ReactNode } from "react";
import { useCss } from "../hooks/useCss";
import { rendererStrings, useStrings } from "../strings";
import { Button } from "./Button";

/** Props of {@link ErrorPanel}. */
export interface ErrorPanelProps {
  heading: ReactNode;
  body: ReactNode;
  /** Called by 'Try again'. */
  onTryAgain: () => void;
  /** Called by 'Use another method' (shown only when given). */
  onUseAnotherMethod?: () => void;
  /** Called by 'Skip' (shown only when given). */
  onSkip?: () => void;
  /** Runs when the panel shows (wallet plugins disconnect the wallet here). */
  onShow?: () => void;
  icon?: ReactNode;
  children?: ReactNode;
}

/** The dialog's error view: heading, text, and Try again / Use another method / Skip. */
export function ErrorPanel({ heading, body, onTryAgain, onUseAnotherMethod, onSkip, onShow, icon, children }: ErrorPanelProps) {
  const { css } = useCss();
  const t = useStrings("renderer", rendererStrings);
  useEffect(() => {
    onShow?.();
    // Once per showing, not per re-render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div role="alert" className={css({ display: "flex", flexDirection: "column", alignItems: "center", gap: 12, textAlign: "center" })}>
      {icon}
      <h2 className={css({ margin: 0, fontSize: 18, fontWeight: 700 })}>
        {heading}
      </h2>
      <p className={css({ margin: 0, color: "var(--latch-muted)", fontSize: 14 })}>{body}</p>
      {children}
      <div className={css({ display: "flex", flexDirection: "column", gap: 8, width: "100%" })}>
        <Button variant="primary" onPress={onTryAgain}>
          {t.tryAgain}
        </Button>
        {onUseAnotherMethod && (
          <Button variant="secondary" onPress={onUseAnotherMethod}>
            {t.useAnotherMethod}
          </Button>
        )}
        {onSkip && (
          <Button variant="link" onPress={onSkip}>
            {t.skip}
          </Button>
        )}
      </div>
    </div>
  );
}
