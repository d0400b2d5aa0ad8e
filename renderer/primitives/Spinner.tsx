import { useCss } from "../hooks/useCss";
import { rendererStrings, useStrings } from "../strings";

/** The loading spinner; its colours follow the theme, so it has a light and a dark variant. */
export function Spinner({ size = 40, label }: { size?: number; label?: string }) {
  const { css } = useCss();
  const t = useStrings("renderer", rendererStrings);
  return (
    <svg
      role="status"
      aria-label={label ?? t.loading}
      width={size}
      height={size}
      viewBox="0 0 40 40"
      className={css({
        animation: "latch-spin 0.9s linear infinite",
        "@keyframes latch-spin": { to: { transform: "rotate(360deg)" } },
        "@media (prefers-reduced-motion: reduce)": { animationDuration: "3s" },
      })}
    >
      <circle cx="20" cy="20" r="16" fill="none" stroke="var(--latch-border)" strokeWidth="4" />
      <path d="M20 4a16 16 0 0 1 16 16" fill="none" stroke="var(--latch-primary)" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}
