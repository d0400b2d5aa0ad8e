import type { StepProps } from "latch-kit";
import { Button, Illustration, StepColumn, StepHeading, useCss, useStrings } from "latch-kit/react";
import { CUSTODY_STRINGS_TABLE, custodyStrings } from "./strings";
import { custodyPromptsOf } from "./prompts";
import { LossStatement } from "./LossStatement";
import "./registry";

/** custody_recovery_code: the new recovery code, shown once, to write down. */
export function RecoveryCodeScreen({ kit, step }: StepProps<"custody_recovery_code">) {
  const { css } = useCss();
  const t = useStrings(CUSTODY_STRINGS_TABLE, custodyStrings);
  return (
    <StepColumn>
      <StepHeading icon={<Illustration name="shield" />} title={t.saveCodeTitle} body={t.saveCodeBody} />
      <output
        aria-label={t.codeLabel}
        className={css({ fontFamily: "ui-monospace, monospace", fontSize: 18, letterSpacing: 1, padding: "10px 12px", borderRadius: 8, border: "1px solid var(--latch-border)", userSelect: "all" })}
      >
        {step.code}
      </output>
      <LossStatement text={t.lossAll} />
      <Button variant="primary" onPress={() => custodyPromptsOf(kit).finish("custody_recovery_setup")}>
        {t.codeSaved}
      </Button>
    </StepColumn>
  );
}
