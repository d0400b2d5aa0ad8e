import { useEffect, useState } from "react";
import { isEmailAddress } from "./email-address";

/** Ours (the spec says only "debounced"): the pause after the last keystroke before the async check. */
export const EMAIL_ASYNC_DEBOUNCE_MS = 500;


/**
 * An app's own check of an address the field already accepts (e.g. an allow-list on its server):
 * a text is the field's error, nothing means valid. A throw (or an answer that is not a text) is
 * the form's generic error.
 */
export type EmailValidator = (email: string, signal: AbortSignal) => string | undefined | void | Promise<string | undefined | void>;

interface AsyncResult {
  email: string;
  fieldError?: string;
  formError?: string;
}

export interface EmailFormTexts {
  invalidEmail: string;
  /** The form's generic error, for a check that failed without saying why. */
  invalidFormValues: string;
}

async function runValidator(validate: EmailValidator, email: string, signal: AbortSignal, texts: EmailFormTexts): Promise<AsyncResult> {
  try {
    const answer = await validate(email, signal);
    if (answer === undefined || answer === null || answer === "") return { email };
    return typeof answer === "string" ? { email, fieldError: answer } : { email, formError: texts.invalidFormValues };
  } catch {
    return { email, formError: texts.invalidFormValues };
  }
}

/**
 * The email form's state: the sync check on every change ('Must provide a valid email.'), then the
 * app's async check, debounced, of an address that passed it. Submitting is blocked while either
 * has an error or the async check has not answered for the current address. `field` holds the
 * typed text (the section's draft).
 */
export function useEmailForm(texts: EmailFormTexts, validate: EmailValidator | undefined, field: [string, (value: string) => void]) {
  const [email, setEmail] = field;
  const [result, setResult] = useState<AsyncResult | null>(null);
  const address = email.trim();
  const syncValid = isEmailAddress(address);

  useEffect(() => {
    if (!validate || !syncValid) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      void runValidator(validate, address, controller.signal, texts).then((next) => {
        if (!controller.signal.aborted) setResult(next);
      });
    }, EMAIL_ASYNC_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // The texts are read when the check answers; a change of language does not re-run it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [validate, syncValid, address]);

  const current = validate && syncValid ? (result?.email === address ? result : null) : { email: address };
  const fieldError = email.length > 0 && !syncValid ? texts.invalidEmail : current?.fieldError;
  return {
    email,
    setEmail,
    address,
    fieldError,
    formError: current?.formError,
    /** Valid by both checks, nothing pending. */
    isSubmittable: syncValid && current !== null && !current.fieldError && !current.formError,
  };
}
