import { useCss } from "../hooks/useCss";
import { rendererStrings, useStrings } from "../strings";

/** The 'or' separator between sections. */
export function Divider() {
  const { css } = useCss();
  const t = useStrings("renderer", rendererStrings);
  const line = { flex: 1, height: 1, background: "var(--latch-border)" };
  return (
    <div
      role="separator"
      className={css({ display: "flex", alignItems: "center", gap: 12, color: "var(--latch-muted)", fontSize: 13 })}
    >
      <span className={css(line)} />
      <span>{t.or}</span>
      <span className={css(line)} />
    </div>
  );
}
