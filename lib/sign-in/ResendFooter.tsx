import { useEffect, useState } from "react";
import { RESENT_INDICATOR_MS, toError, type Kit } from "latch-kit";
import { Button, useCss, useStrings } from "latch-kit/react";
import { EMAIL_STRINGS_TABLE, emailStrings } from "./strings";

export interface ResendFooterProps {
  kit: Kit;
  /** Sends the code or link again, in the same mode. */
  resend: () => Promise<unknown>;
  /** Disabled while the code is verifying or has succeeded. */
  isDisabled?: boolean;
  /** What is sent again: 'Resend code' (default) or 'Resend link'. */
  label?: "code" | "link";
}

/** The resend link: shows 'resent' for 2 s after a click, disabled meanwhile. */
export function ResendFooter({ resend, isDisabled, label = "code" }: ResendFooterProps) {
  const { css } = useCss();
  const t = useStrings(EMAIL_STRINGS_TABLE, emailStrings);
  const [resent, setResent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!resent) return;
    const timer = setTimeout(() => setResent(false), RESENT_INDICATOR_MS);
    return () => clearTimeout(timer);
  }, [resent]);

  const onPress = async () => {
    setError(null);
    setResent(true);
    try {
      await resend();
    } catch (thrown) {
      setError(toError(thrown).message);
    }
  };

  return (
    <div className={css({ display: "flex", flexDirection: "column", alignItems: "center", gap: 4 })}>
      <span className={css({ display: "inline-flex", alignItems: "center", gap: 4 })}>
        {t.didNotReceive}
        <Button variant="link" onPress={onPress} isDisabled={resent || isDisabled}>
          {resent ? t.resent : label === "link" ? t.resendLink : t.resend}
        </Button>
      </span>
      {error && (
        <span role="alert" className={css({ color: "var(--latch-danger)" })}>
          {error}
        </span>
      )}
    </div>
  );
}
