import { useEffect } from "react";
import { Heading } from "react-aria-components";
import { PASSKEY_SUCCESS_CLOSE_MS, type StepProps } from "latch-kit";
import { Illustration, useCss, useStrings } from "latch-kit/react";
import { PASSKEY_STRINGS_TABLE, passkeyStrings } from "./strings";

/** passkey_create_success: 'Passkey added!', completing by itself after 5 s. */
export function PasskeyCreateSuccessScreen({ kit }: StepProps<"passkey_create_success">) {
  const { css } = useCss();
  const t = useStrings(PASSKEY_STRINGS_TABLE, passkeyStrings);
  useEffect(() => {
    const timer = setTimeout(() => {
      if (kit.getStep().type === "passkey_create_success") kit.setStep({ type: "complete" });
    }, PASSKEY_SUCCESS_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [kit]);
  return (
    <div role="status" className={css({ display: "flex", flexDirection: "column", alignItems: "center", gap: 12, textAlign: "center" })}>
      <Illustration name="shield" />
      <Heading slot="title" level={2} className={css({ margin: 0, fontSize: 18, fontWeight: 700 })}>
        {t.addedTitle}
      </Heading>
      <p className={css({ margin: 0, color: "var(--latch-muted)", fontSize: 14 })}>{t.addedBody}</p>
    </div>
  );
}
