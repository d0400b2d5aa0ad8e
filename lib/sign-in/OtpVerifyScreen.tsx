import { useEffect, useRef } from "react";
import { OTP_SUCCESS_CLOSE_MS, type StepProps } from "latch-kit";
import type { SubmitOtpCodeReturnType } from "./actions/submitOtpCode";
import "../mfa/registry";
import { Illustration, OtpInput, StepColumn, StepHeading, useCss, useErrorText, useStrings, visuallyHidden } from "latch-kit/react";
import { useCodeEntry } from "./useCodeEntry";
import { otpErrorText } from "./errors";
import { EMAIL_STRINGS_TABLE, emailStrings } from "./strings";

/** otp_verify: six boxes; the sixth digit verifies; success → verified → complete after 1 s. */
export function OtpVerifyScreen({ kit, step }: StepProps<"otp_verify">) {
  const { css } = useCss();
  const t = useStrings(EMAIL_STRINGS_TABLE, emailStrings);
  const errorText = useErrorText();
  const status = step.status ?? "base";
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // The status lives in the step (not only in the boxes) because the resend footer reads it too.
  const entry = useCodeEntry({
    invalidPasteText: t.invalidOtp,
    failureText: (error) => otpErrorText(error, t, errorText, { resent: step.resent === true }),
    verify: async (otpCode) => {
      kit.setStep({ ...step, status: "verifying" });
      try {
        const result = (await kit.authenticate({ type: "otp", otpCode })) as SubmitOtpCodeReturnType;
        if (result.status === "MFA_REQUIRED") {
          kit.setStep({ type: "totp_verify", factorId: result.multiFactors[0]!.multiFactorId, previousStep: "otp", email: step.email });
          return;
        }
        kit.setStep({ ...step, status: "success" });
        setTimeout(() => {
          if (kit.getStep().type === "otp_verify") kit.setStep({ type: "complete" });
        }, OTP_SUCCESS_CLOSE_MS);
      } catch (error) {
        // Gone (back, closed): the step is no longer this screen's to reset.
        if (mounted.current) kit.setStep({ ...step, status: "base" });
        throw error;
      }
    },
  });

  const title = status === "verifying" ? t.otpTitleVerifying : status === "success" ? t.otpTitleVerified : t.otpTitleWaiting;
  const contact = step.contact ?? step.email;
  return (
    <StepColumn>
      <StepHeading icon={<Illustration name={step.channel === "sms" ? "phone" : "mail"} />} title={title} />
      {contact && <p className={css({ margin: 0, fontWeight: 600, wordBreak: "break-all" })}>{contact}</p>}
      <OtpInput {...entry.inputProps} isDisabled={status !== "base"} />
      <span aria-live="polite" className={css(visuallyHidden)}>
        {status === "base" ? "" : title}
      </span>
    </StepColumn>
  );
}
