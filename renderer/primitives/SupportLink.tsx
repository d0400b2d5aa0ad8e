import { useKit } from "../context";
import { useCss } from "../hooks/useCss";

/** A 'contact support' link, only when the app configured a support URL; opens in a new tab. */
export function SupportLink({ label, prefix }: { label: string; prefix?: string }) {
  const kit = useKit();
  const { css } = useCss();
  const url = kit.config.ui.supportUrl;
  if (!url) return null;
  const link = (
    <a href={url} target="_blank" rel="noreferrer" className={css({ color: "var(--latch-link)" })}>
      {label}
    </a>
  );
  if (!prefix) return <span className={css({ fontSize: 14 })}>{link}</span>;
  return (
    <p className={css({ margin: 0, fontSize: 14, color: "var(--latch-muted)" })}>
      {prefix} {link}
    </p>
  );
}
