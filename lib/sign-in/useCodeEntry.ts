import { useState } from "react";
import { emptyOtp, type OtpInputProps } from "latch-kit/react";

/** The six boxes' state on a code screen: typing clears the error; a failure resets the boxes. */
export function useCodeEntry() {
  const [code, setCode] = useState(emptyOtp);
  const [errorText, setErrorText] = useState<string | undefined>();
  const inputProps: Pick<OtpInputProps, "value" | "onChange" | "errorText"> = {
    value: code,
    errorText,
    onChange: (next) => {
      setCode(next);
      if (errorText) setErrorText(undefined);
    },
  };
  return {
    inputProps,
    setErrorText,
    /** Empties the boxes and shows why. */
    fail: (text: string) => {
      setCode(emptyOtp());
      setErrorText(text);
    },
  };
}
