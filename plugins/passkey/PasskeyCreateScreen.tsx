import { useState } from "react";
import { abortOnLeavingStep, getEmbeddedSigner, toError, type StepProps } from "latch-kit";
import { Button, ErrorPanel, Illustration, StepHeading, useCss, useStrings, SupportLink } from "latch-kit/react";
import { PASSKEY_STRINGS_TABLE, passkeyStrings } from "./strings";
import { addPasskey } from "./actions/addPasskey";

/** Adds a passkey, refreshes the cached auth methods, then shows the success step. */
export async function addPasskeyAfterSignup(kit: StepProps["kit"]): Promise<void> {
  const t = passkeyStrings;
  // Skip or closing the dialog aborts the ceremony.
  const leaving = abortOnLeavingStep(kit, "passkey_create");
  try {
    await addPasskey(kit, { signal: leaving.signal });
    await getEmbeddedSigner(kit).listAuthMethods().catch(() => undefined);
    kit.events.emit("track", { name: t.trackAddSuccess });
    if (kit.getStep().type === "passkey_create") kit.setStep({ type: "passkey_create_success" });
  } catch (error) {
    console.warn("[latch] adding a passkey failed", error);
    if (kit.getStep().type === "passkey_create") kit.setStep({ type: "passkey_create", error: toError(error) });
  } finally {
    leaving.release();
  }
}

export function skipPasskey(kit: StepProps["kit"]): void {
  kit.events.emit("track", { name: passkeyStrings.trackAddSkip });
  kit.setStep({ type: "complete" });
}

/** passkey_create: the offer after sign-up, with its two benefits; Continue or Skip. */
export function PasskeyCreateScreen({ kit, step }: StepProps<"passkey_create">) {
  const { css } = useCss();
  const t = useStrings(PASSKEY_STRINGS_TABLE, passkeyStrings);
  const [adding, setAdding] = useState(false);
  const add = async () => {
    setAdding(true);
    await addPasskeyAfterSignup(kit);
    setAdding(false);
  };

  if (step.error) {
    return (
      <ErrorPanel
        icon={<Illustration name="passkey" />}
        heading={t.addFailed}
        body={t.addFailedBody}
        onTryAgain={() => {
          kit.setStep({ type: "passkey_create" });
          void add();
        }}
        onSkip={() => skipPasskey(kit)}
      >
        <SupportLink label={t.contactSupport} />
      </ErrorPanel>
    );
  }
  const benefit = (title: string, body: string) => (
    <li className={css({ display: "flex", flexDirection: "column", gap: 2 })}>
      <strong>{title}</strong>
      <span className={css({ color: "var(--latch-muted)", fontSize: 14 })}>{body}</span>
    </li>
  );
  return (
    <div className={css({ display: "flex", flexDirection: "column", alignItems: "center", gap: 14, textAlign: "center" })}>
      <StepHeading icon={<Illustration name="passkey" />} title={t.addTitle} body={t.addBody} />
      <ul className={css({ listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: 10, textAlign: "start", width: "100%" })}>
        {benefit(t.benefitLoginTitle, t.benefitLoginBody)}
        {benefit(t.benefitSecurityTitle, t.benefitSecurityBody)}
      </ul>
      <div className={css({ display: "flex", flexDirection: "column", gap: 8, width: "100%" })}>
        <Button variant="primary" onPress={add} isPending={adding} isDisabled={adding}>
          {t.continue}
        </Button>
        <Button variant="link" onPress={() => skipPasskey(kit)} isDisabled={adding}>
          {t.skip}
        </Button>
      </div>
      <SupportLink label={t.contactSupport} />
    </div>
  );
}
