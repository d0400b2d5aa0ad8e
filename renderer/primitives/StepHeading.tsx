import type { ReactNode } from "react";
import { useCss } from "../hooks/useCss";

/** The top of a step screen: an illustration, the dialog's title, and an optional line below it. */
export function StepHeading({ icon, title, body, capitalize }: { icon?: ReactNode; title: ReactNode; body?: ReactNode; capitalize?: boolean }) {
  const { css } = useCss();
  return (
    <>
      {icon}
      <h2
        className={css({ margin: 0, fontSize: 18, fontWeight: 700, ...(capitalize ? { "&::first-letter": { textTransform: "uppercase" } } : {}) })}
      >
        {title}
      </h2>
      {body !== undefined && <p className={css({ margin: 0, color: "var(--latch-muted)", fontSize: 14, wordBreak: "break-word" })}>{body}</p>}
    </>
  );
}

/** A centred column for a step screen's content. */
export function StepColumn({ children, gap = 14 }: { children: ReactNode; gap?: number }) {
  const { css } = useCss();
  return <div className={css({ display: "flex", flexDirection: "column", alignItems: "center", gap, textAlign: "center" })}>{children}</div>;
}
