import { useState, type FormEvent } from "react";
import { MfaRequiredError, toError, type SectionProps } from "latch-kit";
import { getEmailMode } from "./actions/getEmailMode";
import "../mfa/registry";
import { Button, TextField, useCss, useStrings } from "latch-kit/react";
import { EMAIL_STRINGS_TABLE, emailStrings } from "./strings";
import { useEmailForm, type EmailValidator } from "./useEmailForm";
import { useDraft } from "./drafts";

/** The `email` section's options in `ui.auth.sections`. */
export interface EmailSectionConfig {
  type: "email";
  /** Show only an arrow button inside the field instead of the Continue button. */
  hideButton?: boolean;
  buttonLabel?: string;
  placeholder?: string;
  /** The app's own check of an address, run (debounced) once the field accepts it. */
  validate?: EmailValidator;
}

/** The email section: a field with an envelope icon and Continue (or an arrow-only button). */
export function EmailSection({ kit, config }: SectionProps<EmailSectionConfig>) {
  const { css } = useCss();
  const t = useStrings(EMAIL_STRINGS_TABLE, emailStrings);
  const form = useEmailForm(t, config.validate, useDraft(kit, "email"));
  const [submitting, setSubmitting] = useState(false);
  const canSubmit = form.isSubmittable && !submitting;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!canSubmit) return;
    const address = form.address;
    setSubmitting(true);
    try {
      // With both email plugins the backend's email mode decides; with one, that one's mode.
      const canCode = kit.hasPlugin("email-otp");
      const canLink = kit.hasPlugin("magic-link");
      const mode = canCode && canLink ? await getEmailMode(kit) : canLink ? "magicLink" : "otp";
      if (mode === "otp") {
        // OTP mode: the code screen shows as soon as the request starts.
        kit.setStep({ type: "otp_verify", email: address, channel: "email", status: "base" });
        await kit.authenticate({ type: "email", email: address, emailMode: "otp" });
      } else {
        await kit.authenticate({ type: "email", email: address, emailMode: "magicLink" });
        kit.setStep({ type: "email_verify", email: address });
      }
    } catch (thrown) {
      const error = toError(thrown);
      if (error instanceof MfaRequiredError && error.multiFactors[0]) {
        kit.setStep({
          type: "totp_verify",
          factorId: error.multiFactors[0].multiFactorId,
          previousStep: "magicLink",
          email: address,
        });
      } else {
        kit.setStep({ type: "initial", error });
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className={css({ display: "flex", flexDirection: "column", gap: 10 })}>
      <TextField
        label={t.emailLabel}
        hideLabel
        value={form.email}
        onChange={form.setEmail}
        type="email"
        name="email"
        autoComplete="email"
        placeholder={config.placeholder ?? t.emailPlaceholder}
        isInvalid={form.fieldError !== undefined}
        errorMessage={form.fieldError}
        inputClassName={css({ padding: config.hideButton ? "10px 48px 10px 40px" : "10px 12px 10px 40px" })}
        start={<EnvelopeIcon className={css({ position: "absolute", left: 12, color: "var(--latch-muted)", pointerEvents: "none" })} />}
        end={
          config.hideButton && (
            <Button
              type="submit"
              variant="primary"
              aria-label={config.buttonLabel ?? t.continue}
              isDisabled={!canSubmit}
              className={css({ position: "absolute", right: 4, width: 36, minHeight: 36, padding: 0 })}
            >
              <ArrowIcon />
            </Button>
          )
        }
      />
      {form.formError && (
        <span role="alert" className={css({ color: "var(--latch-danger)", fontSize: 13 })}>
          {form.formError}
        </span>
      )}
      {!config.hideButton && (
        <Button type="submit" variant="primary" isDisabled={!canSubmit} isPending={submitting}>
          {config.buttonLabel ?? t.continue}
        </Button>
      )}
    </form>
  );
}

const EnvelopeIcon = ({ className }: { className: string }) => (
  <svg className={className} width="18" height="18" viewBox="0 0 20 20" aria-hidden="true">
    <path d="M3 5h14v10H3z M3 5l7 6 7-6" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
  </svg>
);

const ArrowIcon = () => (
  <svg width="18" height="18" viewBox="0 0 20 20" aria-hidden="true">
    <path d="M4 10h12M11 5l5 5-5 5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </svg>
);
