import { useCss } from "latch-kit/react";

/** The plain statement of what losing every recovery means costs, on every custody screen. */
export function LossStatement({ text }: { text: string }) {
  const { css } = useCss();
  return (
    <p role="note" className={css({ margin: 0, fontSize: 13, color: "var(--latch-muted)", textAlign: "start" })}>
      {text}
    </p>
  );
}
