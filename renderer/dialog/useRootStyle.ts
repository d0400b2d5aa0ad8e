import { darkTokens, fontStack, lightTokens } from "../theme/tokens";
import { useTheme } from "../theme/useTheme";
import { useCss } from "../hooks/useCss";

/** The class for a kit root element: theme tokens as CSS variables, font and colours, nothing global. */
export function useRootClass(): { className: string; theme: "light" | "dark" } {
  const { css } = useCss();
  const { resolved } = useTheme();
  const className = css(resolved === "dark" ? darkTokens : lightTokens, {
    fontFamily: fontStack,
    color: "var(--latch-fg)",
    background: "var(--latch-bg)",
    lineHeight: 1.45,
    boxSizing: "border-box",
    "& *, & *::before, & *::after": { boxSizing: "border-box" },
  });
  return { className, theme: resolved };
}
