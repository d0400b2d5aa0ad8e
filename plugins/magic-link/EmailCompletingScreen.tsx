import type { StepProps } from "latch-kit";
import { Spinner, useCss, useStrings } from "latch-kit/react";
import { EMAIL_STRINGS_TABLE, emailStrings } from "../../lib/sign-in/strings";

/** email_completing: shown while the magic-link return signs the user in. */
export function EmailCompletingScreen(_: StepProps<"email_completing">) {
  const { css } = useCss();
  const t = useStrings(EMAIL_STRINGS_TABLE, emailStrings);
  return (
    <div className={css({ display: "flex", flexDirection: "column", alignItems: "center", gap: 16, padding: "16px 0" })}>
      <Spinner label={t.completing} />
      <h2 className={css({ margin: 0, fontSize: 16, fontWeight: 600 })}>
        {t.completing}
      </h2>
    </div>
  );
}
