import type { StepProps } from "latch-kit";
import { ResendFooter } from "./ResendFooter";

/** otp_verify footer: resend the code by the channel it came by; the step then knows the first code is replaced. */
export function OtpResendFooter({ kit, step }: StepProps<"otp_verify">) {
  const contact = step.contact ?? step.email ?? "";
  const resend = async () => {
    await (step.channel === "sms"
      ? kit.authenticate({ type: "sms", phone: contact })
      : kit.authenticate({ type: "email", email: contact, emailMode: "otp" }));
    // The first code is replaced: a wrong code from now on says a newer one was sent.
    const current = kit.getStep();
    if (current.type === "otp_verify") kit.setStep({ ...current, resent: true });
  };
  return <ResendFooter kit={kit} resend={resend} isDisabled={step.status === "verifying" || step.status === "success"} />;
}
