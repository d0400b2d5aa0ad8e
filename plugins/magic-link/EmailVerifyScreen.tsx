import { Heading } from "react-aria-components";
import type { StepProps } from "latch-kit";
import { format, Illustration, useCss, useStrings } from "latch-kit/react";
import { ResendFooter } from "../shared/ResendFooter";
import { EMAIL_STRINGS_TABLE, emailStrings } from "../shared/strings";

/** email_verify: 'check your email' after a magic link was sent. */
export function EmailVerifyScreen({ step }: StepProps<"email_verify">) {
  const { css } = useCss();
  const t = useStrings(EMAIL_STRINGS_TABLE, emailStrings);
  return (
    <div className={css({ display: "flex", flexDirection: "column", alignItems: "center", gap: 12, textAlign: "center" })}>
      <Illustration name="mail" />
      <Heading
        slot="title"
        level={2}
        className={css({ margin: 0, fontSize: 18, fontWeight: 700, "&::first-letter": { textTransform: "uppercase" } })}
      >
        {t.checkEmailTitle}
      </Heading>
      <p className={css({ margin: 0, color: "var(--latch-muted)", fontSize: 14, wordBreak: "break-word" })}>
        {format(t.checkEmailBody, { email: step.email })}
      </p>
    </div>
  );
}

export function EmailVerifyFooter({ kit, step }: StepProps<"email_verify">) {
  return <ResendFooter kit={kit} resend={() => kit.authenticate({ type: "email", email: step.email, emailMode: "magicLink" })} />;
}
