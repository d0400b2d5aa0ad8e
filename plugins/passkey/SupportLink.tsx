import type { Kit } from "latch-kit";
import { useCss } from "latch-kit/react";

/** A 'contact support' link, only when the app configured a support URL; opens in a new tab. */
export function SupportLink({ kit, label }: { kit: Kit; label: string }) {
  const { css } = useCss();
  const url = kit.config.ui.supportUrl;
  if (!url) return null;
  return (
    <a href={url} target="_blank" rel="noreferrer" className={css({ color: "var(--latch-link)", fontSize: 14 })}>
      {label}
    </a>
  );
}
