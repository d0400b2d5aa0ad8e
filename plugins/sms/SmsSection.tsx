import { useState, type FormEvent } from "react";
import { toError, type SectionProps } from "latch-kit";
import { Button, TextField, useCss, useStrings } from "latch-kit/react";
import { EMAIL_STRINGS_TABLE, emailStrings } from "../../lib/sign-in/strings";
import { useDraft } from "../../lib/sign-in/drafts";

/** The `sms` section's options in `ui.auth.sections`. */
export interface SmsSectionConfig {
  type: "sms";
  /** Country calling code shown first, default "+1". */
  defaultCountryCode?: string;
}

const COUNTRY_CODE = /^\+[1-9]\d{0,2}$/;
const NATIONAL_NUMBER = /^\d{4,14}$/;

/** Joins a country code and a national number into E.164, or null when either is not valid. */
export function toE164(countryCode: string, number: string): string | null {
  const code = countryCode.trim().startsWith("+") ? countryCode.trim() : `+${countryCode.trim()}`;
  const digits = number.replace(/[\s().-]/g, "");
  if (!COUNTRY_CODE.test(code) || !NATIONAL_NUMBER.test(digits)) return null;
  const e164 = `${code}${digits}`;
  return e164.length <= 16 ? e164 : null;
}

/** The SMS section: country code and number, then a code sent by SMS. */
export function SmsSection({ kit, config }: SectionProps<SmsSectionConfig>) {
  const { css } = useCss();
  const t = useStrings(EMAIL_STRINGS_TABLE, emailStrings);
  const [countryCode, setCountryCode] = useDraft(kit, "phone-country-code", config.defaultCountryCode ?? "+1");
  const [number, setNumber] = useDraft(kit, "phone");
  const [submitting, setSubmitting] = useState(false);
  const phone = toE164(countryCode, number);
  const showInvalid = number.length > 0 && !phone;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!phone || submitting) return;
    setSubmitting(true);
    kit.setStep({ type: "otp_verify", contact: phone, channel: "sms", status: "base" });
    try {
      await kit.authenticate({ type: "sms", phone });
    } catch (error) {
      kit.setStep({ type: "initial", error: toError(error) });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className={css({ display: "flex", flexDirection: "column", gap: 10 })}>
      <div className={css({ display: "flex", gap: 8 })}>
        <TextField
          label={t.countryCodeLabel}
          hideLabel
          value={countryCode}
          onChange={setCountryCode}
          inputMode="tel"
          autoComplete="tel-country-code"
          className={css({ width: 76, flexShrink: 0 })}
        />
        <TextField
          label={t.phonePlaceholder}
          hideLabel
          value={number}
          onChange={setNumber}
          type="tel"
          placeholder={t.phonePlaceholder}
          inputMode="tel"
          autoComplete="tel-national"
          isInvalid={showInvalid}
          errorMessage={t.invalidPhone}
          className={css({ flex: 1 })}
        />
      </div>
      <Button type="submit" variant="primary" isDisabled={!phone || submitting}>
        {t.continue}
      </Button>
    </form>
  );
}
