import { useEffect } from "react";
import type { StepProps } from "latch-kit";
import { PASSKEY_SUCCESS_CLOSE_MS } from "./constants";
import { Illustration, StepColumn, StepHeading, useStrings } from "latch-kit/react";
import { PASSKEY_STRINGS_TABLE, passkeyStrings } from "./strings";

/** passkey_create_success: 'Passkey added!', completing by itself after 5 s. */
export function PasskeyCreateSuccessScreen({ kit }: StepProps<"passkey_create_success">) {
  const t = useStrings(PASSKEY_STRINGS_TABLE, passkeyStrings);
  useEffect(() => {
    const timer = setTimeout(() => {
      if (kit.getStep().type === "passkey_create_success") kit.setStep({ type: "complete" });
    }, PASSKEY_SUCCESS_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [kit]);
  return (
    <div role="status">
      <StepColumn gap={12}>
        <StepHeading icon={<Illustration name="shield" />} title={t.addedTitle} body={t.addedBody} />
      </StepColumn>
    </div>
  );
}
