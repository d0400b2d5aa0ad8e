import { getEmbeddedSigner, proveStepUp, type StepProps } from "latch-kit";
import { Illustration, OtpInput, StepColumn, StepHeading, useErrorText, useStrings } from "latch-kit/react";
import { stepUpPrompt } from "../mfa/step-up";
import { useCodeEntry } from "./useCodeEntry";
import { otpErrorText } from "./errors";
import { EMAIL_STRINGS_TABLE, emailStrings } from "./strings";
import "./registry";

/** step_up_code: the code sent to the account's own email or phone, confirming a sensitive change. */
export function StepUpCodeScreen({ kit, step }: StepProps<"step_up_code">) {
  const t = useStrings(EMAIL_STRINGS_TABLE, emailStrings);
  const errorText = useErrorText();
  const entry = useCodeEntry({
    invalidPasteText: t.invalidOtp,
    failureText: (error) => otpErrorText(error, t, errorText),
    verify: async (otpCode) => {
      const signer = getEmbeddedSigner(kit);
      const { verificationToken } = await signer.client.request("verify-otp", { otpId: step.otpId, otpCode });
      await proveStepUp(signer, { verificationToken });
      stepUpPrompt.of(kit).settle(kit);
    },
  });

  return (
    <StepColumn>
      <StepHeading
        icon={<Illustration name={step.channel === "sms" ? "phone" : "mail"} />}
        title={t.stepUpCodeTitle}
        body={t.stepUpCodeBody.replace("{contact}", step.contact)}
      />
      <OtpInput {...entry.inputProps} label={t.stepUpCodeTitle} />
    </StepColumn>
  );
}
