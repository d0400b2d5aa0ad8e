import type { StepProps } from "latch-kit";
import { ResendFooter } from "./ResendFooter";

/** otp_verify footer: resend the code by the channel it came by. */
export function OtpResendFooter({ kit, step }: StepProps<"otp_verify">) {
  const contact = step.contact ?? step.email ?? "";
  const resend = () =>
    step.channel === "sms"
      ? kit.authenticate({ type: "sms", phone: contact })
      : kit.authenticate({ type: "email", email: contact, emailMode: "otp" });
  return <ResendFooter kit={kit} resend={resend} isDisabled={step.status === "verifying" || step.status === "success"} />;
}
