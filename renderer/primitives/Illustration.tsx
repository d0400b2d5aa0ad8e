import type { IllustrationStyle } from "latch-kit";
import { useKit } from "../context";

/** The dialog's illustrations. */
export type IllustrationName = "mail" | "passkey" | "wallet" | "shield" | "phone";

// One path per illustration; the style decides how it is painted, the theme tokens give the
// light and dark variants.
const paths: Record<IllustrationName, string> = {
  mail: "M6 14h36v22H6z M6 14l18 13 18-13",
  passkey: "M18 22a7 7 0 1 1 14 0v4h3v14H15V26h3z M25 31v4",
  wallet: "M8 16h30a3 3 0 0 1 3 3v16a3 3 0 0 1-3 3H8z M8 16l24-6v6 M32 27h9",
  shield: "M24 7l15 6v10c0 9-7 15-15 18C16 38 9 32 9 23V13z M18 24l4 4 8-8",
  phone: "M16 6h16a2 2 0 0 1 2 2v32a2 2 0 0 1-2 2H16a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2z M22 36h4",
};

const paint: Record<IllustrationStyle, { fill: string; stroke: string; strokeWidth: number }> = {
  outline: { fill: "none", stroke: "var(--latch-primary)", strokeWidth: 2.5 },
  linear: { fill: "none", stroke: "var(--latch-fg)", strokeWidth: 1.5 },
  filled: { fill: "var(--latch-primary)", stroke: "var(--latch-primary-fg)", strokeWidth: 2 },
  flat: { fill: "var(--latch-surface)", stroke: "var(--latch-border)", strokeWidth: 2 },
};

/** One of the dialog's illustrations, in the configured style. */
export function Illustration({ name, size = 56, style }: { name: IllustrationName; size?: number; style?: IllustrationStyle }) {
  const kit = useKit();
  const chosen = style ?? kit.config.ui.illustrationStyle;
  const { fill, stroke, strokeWidth } = paint[chosen];
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" data-illustration-style={chosen}>
      <path d={paths[name]} fill={fill} stroke={stroke} strokeWidth={strokeWidth} strokeLinejoin="round" strokeLinecap="round" fillRule="evenodd" />
    </svg>
  );
}
