/** The look of a text input (react-aria-components `Input`: data-focused, data-invalid), for `css()`. */
export const inputStyle = {
  width: "100%",
  minHeight: 44,
  padding: "10px 12px",
  borderRadius: 10,
  border: "1px solid var(--latch-border)",
  background: "var(--latch-bg)",
  color: "var(--latch-fg)",
  font: "inherit",
  fontSize: 15,
  "&::placeholder": { color: "var(--latch-muted)" },
  "&[data-focused]": { outline: "2px solid var(--latch-focus)", outlineOffset: 1 },
  "&[data-invalid]": { borderColor: "var(--latch-danger)" },
} as const;
