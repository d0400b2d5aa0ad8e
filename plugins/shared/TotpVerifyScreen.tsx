import { useState } from "react";
import { Heading } from "react-aria-components";
import { getEmbeddedSigner, type StepProps } from "latch-kit";
import { emptyOtp, Illustration, OtpInput, useCss, useStrings } from "latch-kit/react";
import { EMAIL_STRINGS_TABLE, emailStrings } from "./strings";

/** totp_verify: the authenticator-app code that completes a sign-in needing a second factor. */
export function TotpVerifyScreen({ kit, step }: StepProps<"totp_verify">) {
  const { css } = useCss();
  const t = useStrings(EMAIL_STRINGS_TABLE, emailStrings);
  const [code, setCode] = useState(emptyOtp);
  const [errorText, setErrorText] = useState<string | undefined>();
  const [verifying, setVerifying] = useState(false);

  const verify = async (multiFactorCode: string) => {
    setErrorText(undefined);
    setVerifying(true);
    const multiFactor = { multiFactorId: step.factorId, multiFactorCode };
    try {
      if (step.previousStep === "magicLink") {
        // After a magic link: ask for the link again, this time with the factor.
        await kit.authenticate({ type: "email", email: step.email ?? "", emailMode: "magicLink", multiFactors: [multiFactor] });
        kit.setStep({ type: "email_verify", email: step.email ?? "" });
      } else {
        await getEmbeddedSigner(kit).validateMultiFactors(multiFactor);
        kit.setStep({ type: "complete" });
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      setCode(emptyOtp());
      if (message.includes("Invalid MFA code")) setErrorText(t.totpIncorrect);
      else {
        console.error("[latch] verifying the authenticator code failed", error);
        setErrorText(t.totpFailed);
      }
    } finally {
      setVerifying(false);
    }
  };

  return (
    <div className={css({ display: "flex", flexDirection: "column", alignItems: "center", gap: 14, textAlign: "center" })}>
      <Illustration name="shield" />
      <Heading slot="title" level={2} className={css({ margin: 0, fontSize: 18, fontWeight: 700 })}>
        {t.totpTitle}
      </Heading>
      <p className={css({ margin: 0, color: "var(--latch-muted)", fontSize: 14 })}>{t.totpBody}</p>
      <OtpInput
        value={code}
        onChange={(next) => {
          setCode(next);
          if (errorText) setErrorText(undefined);
        }}
        onComplete={verify}
        onInvalidPaste={() => setErrorText(t.totpIncorrect)}
        isDisabled={verifying}
        errorText={errorText}
        label={t.totpTitle}
        autoFocus
      />
    </div>
  );
}
