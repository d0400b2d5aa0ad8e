import type { SectionProps } from "latch-kit";
import { Button, format, useStrings } from "latch-kit/react";
import { providerDisplayName, stepConfigOf, type SocialSectionConfig } from "./config";
import { startSocialSignIn } from "./flow";
import { ProviderLogo } from "./logos";
import { OAUTH_STRINGS_TABLE, oauthStrings } from "./strings";

/** One `social` entry: 'Continue with {provider}' with the provider's logo. */
export function SocialSection({ kit, config }: SectionProps<SocialSectionConfig>) {
  const t = useStrings(OAUTH_STRINGS_TABLE, oauthStrings);
  const name = providerDisplayName(config);
  // onPress runs inside the click: popup mode opens its window synchronously from here.
  return (
    <Button variant="social" onPress={() => void startSocialSignIn(kit, stepConfigOf(config))} data-social-provider={config.authProviderId}>
      <ProviderLogo config={config} />
      {format(t.continueWith, { provider: name })}
    </Button>
  );
}
