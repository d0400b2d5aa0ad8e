import type { StepProps } from "latch-kit";
import { PasskeyCancelledError, WebauthnUnsupportedError } from "./credential";
import { Button, ErrorPanel, Illustration, Spinner, StepHeading, useCss, useErrorText, useStrings, SupportLink } from "latch-kit/react";
import { startPasskeySignIn } from "./flow";
import { PASSKEY_STRINGS_TABLE, passkeyStrings } from "./strings";

/** passkey_verify: waiting for the ceremony, or the passkey error panel. */
export function PasskeyVerifyScreen({ kit, step }: StepProps<"passkey_verify">) {
  const { css } = useCss();
  const t = useStrings(PASSKEY_STRINGS_TABLE, passkeyStrings);
  const errorText = useErrorText();
  const retry = () => startPasskeySignIn(kit, { createNew: step.createNew ?? false, ...(step.email ? { email: step.email } : {}) });

  if (step.error) {
    const cancelled = step.error instanceof PasskeyCancelledError || step.error.name === "PasskeyCancelledError";
    const unsupported = step.error instanceof WebauthnUnsupportedError;
    return (
      <ErrorPanel
        icon={<Illustration name="passkey" />}
        heading={cancelled ? t.connectionFailed : t.errorTitle}
        body={cancelled ? t.connectionFailedBody : unsupported ? step.error.message : errorText(step.error)}
        onTryAgain={retry}
        onUseAnotherMethod={() => kit.setStep({ type: "initial" })}
      >
        <SupportLink label={t.contactSupport} />
      </ErrorPanel>
    );
  }
  return (
    <div className={css({ display: "flex", flexDirection: "column", alignItems: "center", gap: 16, textAlign: "center", padding: "8px 0" })}>
      <StepHeading icon={<Illustration name="passkey" />} title={t.continueWithPasskey} />
      <Spinner />
      <Button variant="secondary" onPress={() => kit.setStep({ type: "initial" })}>
        {t.cancel}
      </Button>
      <SupportLink label={t.contactSupport} />
    </div>
  );
}
