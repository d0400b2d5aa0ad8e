// Theme tokens as CSS variables, set on the kit's own root elements only (never on :root).
// Colours chosen for WCAG AA contrast in both themes.

/** The light theme's design tokens (CSS custom properties). */
export const lightTokens = {
  "--latch-bg": "#ffffff",
  "--latch-surface": "#f3f4f6",
  "--latch-fg": "#111827",
  "--latch-muted": "#4b5563",
  "--latch-border": "#d1d5db",
  "--latch-primary": "#1d4ed8",
  "--latch-primary-fg": "#ffffff",
  "--latch-link": "#1d4ed8",
  "--latch-danger": "#b91c1c",
  "--latch-danger-bg": "#fef2f2",
  "--latch-focus": "#2563eb",
  "--latch-backdrop": "rgba(17, 24, 39, 0.5)",
} as const;

/** The dark theme's design tokens. */
export const darkTokens: Record<keyof typeof lightTokens, string> = {
  "--latch-bg": "#111827",
  "--latch-surface": "#1f2937",
  "--latch-fg": "#f9fafb",
  "--latch-muted": "#d1d5db",
  "--latch-border": "#4b5563",
  "--latch-primary": "#93c5fd",
  "--latch-primary-fg": "#0b1220",
  "--latch-link": "#93c5fd",
  "--latch-danger": "#fca5a5",
  "--latch-danger-bg": "#3b0d0d",
  "--latch-focus": "#93c5fd",
  "--latch-backdrop": "rgba(0, 0, 0, 0.65)",
};

export const fontStack =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';
