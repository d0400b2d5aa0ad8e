import { useState } from "react";
import { emptyOtp, type OtpInputProps } from "latch-kit/react";

/** What a code screen does with a code; the rest of the code step is the same on every screen. */
export interface CodeEntryOptions {
  /** Checks the complete code (the last digit typed or a paste); settles when the step has moved on. */
  verify: (code: string) => Promise<void>;
  /** The text under the emptied boxes when `verify` rejects. */
  failureText: (error: unknown) => string;
  /** The text for a paste with no code in it. */
  invalidPasteText: string;
}

/**
 * The six boxes of a code step: the last digit submits, typing clears the error, a paste without
 * a code says so, and a failed check empties the boxes and shows why. Boxes are disabled while
 * the code is checked.
 */
export function useCodeEntry({ verify, failureText, invalidPasteText }: CodeEntryOptions) {
  const [code, setCode] = useState(emptyOtp);
  const [errorText, setErrorText] = useState<string | undefined>();
  const [verifying, setVerifying] = useState(false);

  const submit = async (next: string) => {
    setErrorText(undefined);
    setVerifying(true);
    try {
      await verify(next);
    } catch (error) {
      setCode(emptyOtp());
      setErrorText(failureText(error));
    } finally {
      setVerifying(false);
    }
  };

  const inputProps: Pick<OtpInputProps, "value" | "onChange" | "errorText" | "onComplete" | "onInvalidPaste" | "isDisabled" | "autoFocus"> = {
    value: code,
    errorText,
    onChange: (next) => {
      setCode(next);
      if (errorText) setErrorText(undefined);
    },
    onComplete: (next) => void submit(next),
    onInvalidPaste: () => setErrorText(invalidPasteText),
    isDisabled: verifying,
    autoFocus: true,
  };
  return { inputProps };
}
