import type { StepProps } from "latch-kit";
import { ErrorPanel, format, Spinner, StepColumn, StepHeading, useCss, useStrings, SupportLink } from "latch-kit/react";
import { providerDisplayName } from "./config";
import { startSocialSignIn } from "./flow";
import { ProviderLogo } from "./logos";
import { OAUTH_STRINGS_TABLE, oauthStrings } from "./strings";
import { socialErrorDetail } from "./error-text";

/** oauth_completing: waiting for the provider (popup hint), or the social error panel. */
export function OauthCompletingScreen({ kit, step }: StepProps<"oauth_completing">) {
  const { css } = useCss();
  const t = useStrings(OAUTH_STRINGS_TABLE, oauthStrings);
  const provider = providerDisplayName(step.config);

  if (step.error) {
    const detail = socialErrorDetail(step.error, t, provider);
    return (
      <ErrorPanel
        icon={<ProviderLogo config={step.config} size={40} />}
        heading={format(t.errorTitle, { provider })}
        body={format(t.errorBody, { provider })}
        // Try again is a click: popup mode reopens its window synchronously.
        onTryAgain={() => void startSocialSignIn(kit, step.config)}
        onUseAnotherMethod={() => kit.setStep({ type: "initial" })}
      >
        {detail && (
          <p className={css({ margin: 0, fontSize: 13, color: "var(--latch-muted)", wordBreak: "break-word" })} data-testid="oauth-error">
            {detail}
          </p>
        )}
        <SupportLink label={t.contactSupport} prefix={t.needHelp} />
      </ErrorPanel>
    );
  }
  return (
    <StepColumn gap={16}>
      <StepHeading icon={<ProviderLogo config={step.config} size={48} />} title={format(t.continueWith, { provider })} body={format(t.popupHint, { provider })} />
      <Spinner />
      <SupportLink label={t.contactSupport} />
    </StepColumn>
  );
}
