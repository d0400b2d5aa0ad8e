import { useState } from "react";
import { getEmbeddedSigner, type RecoveryChoice, type StepProps } from "latch-kit";
import { Button, ErrorPanel, Illustration, StepColumn, StepHeading, useCss, useErrorText, useStrings } from "latch-kit/react";
import { CUSTODY_STRINGS_TABLE, custodyStrings } from "./strings";
import { custodyPromptsOf } from "./prompts";
import { LossStatement } from "./LossStatement";
import { passkeyErrorText } from "./passkeyErrorText";
import "./registry";

/** custody_recovery_setup: before a new wallet is split, the user picks what unlocks its recovery share. */
export function RecoverySetupScreen({ kit, step, rpId }: StepProps<"custody_recovery_setup"> & { rpId: string | undefined }) {
  const { css } = useCss();
  const t = useStrings(CUSTODY_STRINGS_TABLE, custodyStrings);
  const errorText = useErrorText();
  const [busy, setBusy] = useState<RecoveryChoice["method"] | null>(null);

  const choose = async (choice: RecoveryChoice) => {
    setBusy(choice.method);
    try {
      const status = await getEmbeddedSigner(kit).custody.setRecovery(choice);
      if (status.recoveryCode) kit.setStep({ type: "custody_recovery_code", code: status.recoveryCode });
      else custodyPromptsOf(kit).finish("custody_recovery_setup");
    } catch (error) {
      console.warn("[latch] setting up the wallet's recovery failed", error);
      if (kit.getStep().type === "custody_recovery_setup") kit.setStep({ type: "custody_recovery_setup", error: error instanceof Error ? error : new Error(String(error)) });
    } finally {
      setBusy(null);
    }
  };
  const passkey = (): RecoveryChoice => ({ method: "passkey", ...(rpId ? { rpId } : {}) });

  if (step.error) {
    return (
      <ErrorPanel
        icon={<Illustration name="shield" />}
        heading={t.setupFailedTitle}
        body={passkeyErrorText(step.error, t.setupNoPasskey, t.passkeyFailed) ?? errorText(step.error)}
        onTryAgain={() => kit.setStep({ type: "custody_recovery_setup" })}
      >
        <LossStatement text={t.lossAll} />
      </ErrorPanel>
    );
  }
  return (
    <StepColumn>
      <StepHeading icon={<Illustration name="shield" />} title={t.setupTitle} body={t.setupBody} />
      <div className={css({ display: "flex", flexDirection: "column", gap: 8, width: "100%" })}>
        <Button variant="primary" onPress={() => void choose(passkey())} isPending={busy === "passkey"} isDisabled={busy !== null}>
          {t.usePasskey}
        </Button>
        <Button variant="secondary" onPress={() => void choose({ method: "code" })} isPending={busy === "code"} isDisabled={busy !== null}>
          {t.useCode}
        </Button>
      </div>
      <LossStatement text={t.lossAll} />
    </StepColumn>
  );
}
