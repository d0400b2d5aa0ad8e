import { Button as AriaButton, type ButtonProps as AriaButtonProps } from "react-aria-components";
import { useCss } from "../hooks/useCss";

export type ButtonVariant = "primary" | "secondary" | "social" | "link";

export interface ButtonProps extends Omit<AriaButtonProps, "className"> {
  variant?: ButtonVariant;
  className?: string;
}

const base = {
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  gap: 8,
  width: "100%",
  minHeight: 44,
  padding: "10px 16px",
  borderRadius: 10,
  border: "1px solid transparent",
  font: "inherit",
  fontWeight: 600,
  fontSize: 15,
  cursor: "pointer",
  boxSizing: "border-box",
  transition: "background-color 120ms, opacity 120ms",
  "&[data-focus-visible]": { outline: "2px solid var(--latch-focus)", outlineOffset: 2 },
  "&[data-disabled]": { opacity: 0.55, cursor: "not-allowed" },
} as const;

const variants = {
  primary: { background: "var(--latch-primary)", color: "var(--latch-primary-fg)" },
  secondary: { background: "var(--latch-surface)", color: "var(--latch-fg)", borderColor: "var(--latch-border)" },
  social: { background: "var(--latch-bg)", color: "var(--latch-fg)", borderColor: "var(--latch-border)" },
  link: {
    background: "transparent",
    color: "var(--latch-link)",
    width: "auto",
    minHeight: 24,
    padding: "2px 4px",
    fontWeight: 500,
    textDecoration: "underline",
  },
} as const;

export function Button({ variant = "primary", className, ...props }: ButtonProps) {
  const { css, cx } = useCss();
  return <AriaButton {...props} data-variant={variant} className={cx(css(base, variants[variant]), className)} />;
}
