import { getEmbeddedSigner, proveStepUp, type StepProps } from "latch-kit";
import { Illustration, OtpInput, StepColumn, StepHeading, useStrings } from "latch-kit/react";
import { useCodeEntry } from "../sign-in/useCodeEntry";
import { totpErrorText } from "../sign-in/errors";
import { EMAIL_STRINGS_TABLE, emailStrings } from "../sign-in/strings";
import { validateMultiFactors } from "./actions/validateMultiFactors";
import { stepUpPrompt } from "./step-up";
import "./registry";

/** totp_verify: the authenticator-app code that completes a sign-in needing a second factor, or confirms a sensitive change (step-up). */
export function TotpVerifyScreen({ kit, step }: StepProps<"totp_verify">) {
  const t = useStrings(EMAIL_STRINGS_TABLE, emailStrings);
  const entry = useCodeEntry({
    invalidPasteText: t.invalidOtp,
    failureText: (error) => {
      const { text, unexpected } = totpErrorText(error, t);
      if (unexpected) console.error("[latch] verifying the authenticator code failed", error);
      return text;
    },
    verify: async (multiFactorCode) => {
      const multiFactor = { multiFactorId: step.factorId, multiFactorCode };
      if (step.previousStep === "stepUp") {
        // A signed-in user confirming a sensitive change: the code is the session's fresh proof.
        await proveStepUp(getEmbeddedSigner(kit), { multiFactors: [multiFactor] });
        stepUpPrompt.of(kit).settle(kit);
      } else if (step.previousStep === "magicLink") {
        // After a magic link: ask for the link again, this time with the factor. The sign-in is
        // complete once that link signs the user in (the magic-link plugin's listener); until then
        // the dialog says to check the email.
        await kit.authenticate({ type: "email", email: step.email ?? "", emailMode: "magicLink", multiFactors: [multiFactor] });
        kit.setStep({ type: "email_verify", email: step.email ?? "" });
      } else {
        await validateMultiFactors(kit, multiFactor);
        kit.setStep({ type: "complete" });
      }
    },
  });

  return (
    <StepColumn>
      <StepHeading icon={<Illustration name="shield" />} title={t.totpTitle} body={t.totpBody} />
      <OtpInput {...entry.inputProps} label={t.totpTitle} />
    </StepColumn>
  );
}
