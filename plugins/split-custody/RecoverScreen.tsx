import { useState } from "react";
import { getEmbeddedSigner, type StepProps } from "latch-kit";
import { Button, ErrorPanel, Illustration, StepColumn, StepHeading, TextField, useCss, useErrorText, useStrings } from "latch-kit/react";
import { useAtomValue } from "jotai/react";
import { CUSTODY_STRINGS_TABLE, custodyStrings } from "./strings";
import { custodyPromptsOf } from "./prompts";
import { LossStatement } from "./LossStatement";
import { passkeyErrorText } from "./passkeyErrorText";
import "./registry";

/** custody_recover: this device holds no share of the wallet; the passkey or the code the user chose unlocks the recovery share. */
export function RecoverScreen({ kit, step, rpId }: StepProps<"custody_recover"> & { rpId: string | undefined }) {
  const { css } = useCss();
  const t = useStrings(CUSTODY_STRINGS_TABLE, custodyStrings);
  const errorText = useErrorText();
  const custody = getEmbeddedSigner(kit).custody;
  const status = useAtomValue(custody.statusAtom, { store: kit.store });
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const byPasskey = status?.recoveryKind === "passkey";

  const recover = async () => {
    setBusy(true);
    try {
      await (byPasskey ? custody.recoverWithPasskey(rpId ? { rpId } : {}) : custody.recover(code));
      custodyPromptsOf(kit).finish("custody_recover");
    } catch (error) {
      console.warn("[latch] recovering the wallet failed", error);
      if (kit.getStep().type === "custody_recover") kit.setStep({ type: "custody_recover", error: error instanceof Error ? error : new Error(String(error)) });
    } finally {
      setBusy(false);
    }
  };

  if (step.error) {
    const body = passkeyErrorText(step.error, t.recoverNoPasskey, t.passkeyFailed) ?? (step.error.name === "WrongRecoveryCodeError" ? t.wrongCode : errorText(step.error));
    return (
      <ErrorPanel icon={<Illustration name="shield" />} heading={t.recoverFailedTitle} body={body} onTryAgain={() => kit.setStep({ type: "custody_recover" })}>
        <LossStatement text={t.lossAll} />
      </ErrorPanel>
    );
  }
  return (
    <StepColumn>
      <StepHeading icon={<Illustration name="shield" />} title={t.recoverTitle} body={byPasskey ? t.recoverPasskeyBody : t.recoverCodeBody} />
      <form
        className={css({ display: "flex", flexDirection: "column", gap: 8, width: "100%" })}
        onSubmit={(event) => {
          event.preventDefault();
          void recover();
        }}
      >
        {!byPasskey && <TextField label={t.codeLabel} value={code} onChange={setCode} autoComplete="off" spellCheck={false} />}
        <Button variant="primary" type="submit" isPending={busy} isDisabled={busy || (!byPasskey && !code.trim())}>
          {byPasskey ? t.usePasskey : t.recoverAction}
        </Button>
      </form>
      <LossStatement text={t.lossAll} />
    </StepColumn>
  );
}
