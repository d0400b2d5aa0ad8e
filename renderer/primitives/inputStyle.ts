/** The look of a text input (focused: outline; `aria-invalid`: the danger border), for `css()`. */
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
  "&:focus": { outline: "2px solid var(--latch-focus)", outlineOffset: 1 },
  "&[aria-invalid=true]": { borderColor: "var(--latch-danger)" },
} as const;
