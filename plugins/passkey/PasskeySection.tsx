import type { SectionProps } from "latch-kit";
import { Button, useStrings } from "latch-kit/react";
import { PASSKEY_STRINGS_TABLE, passkeyStrings } from "./strings";
import { startPasskeySignIn } from "./flow";

/** The `passkey` section's options in `ui.auth.sections`. */
export interface PasskeySectionConfig {
  type: "passkey";
}

/** The 'I have a passkey' button. */
export function PasskeySection({ kit }: SectionProps<PasskeySectionConfig>) {
  const t = useStrings(PASSKEY_STRINGS_TABLE, passkeyStrings);
  return (
    <Button variant="secondary" onPress={() => startPasskeySignIn(kit, { createNew: false })}>
      <KeyIcon />
      {t.sectionButton}
    </Button>
  );
}

const KeyIcon = () => (
  <svg width="18" height="18" viewBox="0 0 20 20" aria-hidden="true">
    <circle cx="7" cy="10" r="3.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
    <path d="M10.5 10H18M15 10v3M17.5 10v2" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
  </svg>
);
