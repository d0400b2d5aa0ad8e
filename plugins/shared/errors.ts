import type { EmailStrings } from "./strings";

/** The server's 'invalid OTP code' is shown as the spec's invalid-code text; other messages as they are. */
export function otpErrorText(error: unknown, t: EmailStrings): string {
  const message = error instanceof Error ? error.message : String(error);
  if (/invalid otp code/i.test(message)) return t.invalidOtp;
  if (/expired|timed out|timeout/i.test(message)) return t.timeout;
  return message || t.invalidOtp;
}
