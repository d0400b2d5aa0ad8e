import type { StepProps } from "latch-kit";
import { format, Illustration, StepColumn, StepHeading, useStrings } from "latch-kit/react";
import { ResendFooter } from "../../lib/sign-in/ResendFooter";
import { EMAIL_STRINGS_TABLE, emailStrings } from "../../lib/sign-in/strings";

/** email_verify: 'check your email' after a magic link was sent. */
export function EmailVerifyScreen({ step }: StepProps<"email_verify">) {
  const t = useStrings(EMAIL_STRINGS_TABLE, emailStrings);
  return (
    <StepColumn gap={12}>
      {/* The spec's title is lower case and shown as written. */}
      <StepHeading icon={<Illustration name="mail" />} title={t.checkEmailTitle} body={format(t.checkEmailBody, { email: step.email })} />
    </StepColumn>
  );
}

export function EmailVerifyFooter({ kit, step }: StepProps<"email_verify">) {
  return <ResendFooter kit={kit} label="link" resend={() => kit.authenticate({ type: "email", email: step.email, emailMode: "magicLink" })} />;
}
