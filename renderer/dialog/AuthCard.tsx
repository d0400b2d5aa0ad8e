import { MissingUiAuthConfigError } from "latch-kit";
import { useKit } from "../context";
import { useCss } from "../hooks/useCss";
import { rendererStrings, useStrings } from "../strings";
import { AuthContent } from "./AuthContent";
import { useRootClass } from "./useRootStyle";
import { useDirection } from "./useDirection";

/** The same sign-in flow embedded in the page (uiMode embedded), without a modal. */
export function AuthCard({ className }: { className?: string }) {
  const kit = useKit();
  const { css, cx } = useCss();
  const t = useStrings("renderer", rendererStrings);
  const root = useRootClass();
  const { locale, dir } = useDirection();
  if (!kit.config.ui.auth) throw new MissingUiAuthConfigError();
  return (
    <section
      lang={locale}
      dir={dir}
      aria-label={t.dialogLabel}
      data-latch-theme={root.theme}
      className={cx(
        root.className,
        css({ width: "100%", maxWidth: 368, padding: "12px 20px 16px", borderRadius: 16, border: "1px solid var(--latch-border)" }),
        className,
      )}
    >
      <AuthContent />
    </section>
  );
}
