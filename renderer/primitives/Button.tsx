import type { ButtonHTMLAttributes, MouseEvent } from "react";
import { useCss } from "../hooks/useCss";

/** The look of a {@link Button}. */
export type ButtonVariant = "primary" | "secondary" | "social" | "link";

/** Props of {@link Button}: a native button's, a variant, and press, disabled and pending states. */
export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, "disabled"> {
  variant?: ButtonVariant;
  /** Runs on a click, Enter or Space — never while the button is disabled or pending. */
  onPress?: () => void;
  /** Not focusable, not pressable (the native `disabled`). */
  isDisabled?: boolean;
  /** Working: stays focusable (the focus is not lost mid-action), announced as unavailable, not pressable. */
  isPending?: boolean;
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
  // The ring only for keyboard focus (the browser's :focus-visible), not after a click or tap.
  "&:focus-visible": { outline: "2px solid var(--latch-focus)", outlineOffset: 2 },
  "&:disabled, &[aria-disabled=true]": { opacity: 0.55, cursor: "not-allowed" },
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

/** A native <button> (type "button" unless told otherwise) in the kit's look. */
export function Button({ variant = "primary", className, onPress, onClick, isDisabled, isPending, type = "button", ...props }: ButtonProps) {
  const { css, cx } = useCss();
  const press = (event: MouseEvent<HTMLButtonElement>) => {
    if (isPending) return event.preventDefault();
    onClick?.(event);
    onPress?.();
  };
  return (
    <button
      {...props}
      type={type}
      disabled={isDisabled}
      aria-disabled={isPending || undefined}
      aria-busy={isPending || undefined}
      data-pending={isPending || undefined}
      data-variant={variant}
      className={cx(css(base, variants[variant]), className)}
      onClick={press}
    />
  );
}
