import { RateLimitedError, readableErrorText } from "latch-kit";
import type { EmailStrings } from "./strings";

/** What the code screen knows besides the error: whether a resend replaced the first code. */
export interface OtpErrorContext {
  resent?: boolean;
}

/** The tries a wrong code left (the server's `attemptsLeft`), when it says. */
function attemptsLeft(error: unknown): number | undefined {
  const left = (error as { details?: { attemptsLeft?: unknown } } | null)?.details?.attemptsLeft;
  return typeof left === "number" ? left : undefined;
}

/**
 * The server's 'invalid OTP code' is shown as the spec's invalid-code text, or says that this was
 * the last try, or (after a resend) that a newer code was sent; other messages as they are when
 * written for people, else (network, schema refusal, library error) a readable text.
 */
export function otpErrorText(error: unknown, t: EmailStrings, readable: (error: unknown) => string = readableErrorText, context: OtpErrorContext = {}): string {
  const message = error instanceof Error ? error.message : String(error);
  if (/invalid otp code/i.test(message)) {
    if (attemptsLeft(error) === 0) return t.tooManyWrongCodes;
    return context.resent ? t.codeReplaced : t.invalidOtp;
  }
  if (/expired|timed out|timeout/i.test(message)) return t.timeout;
  return message ? readable(error) : t.invalidOtp;
}

/**
 * The authenticator-code screen's text for a failure: a code already used in its 30 s window asks
 * the user to wait for the next one; a wrong code is the spec's 'incorrect'; anything else the
 * spec's generic failure, flagged `unexpected` so the screen logs it.
 */
export function totpErrorText(error: unknown, t: EmailStrings): { text: string; unexpected: boolean } {
  const message = error instanceof Error ? error.message : String(error);
  if (/already used/i.test(message)) return { text: t.totpReused, unexpected: false };
  if (/invalid mfa code/i.test(message)) return { text: t.totpIncorrect, unexpected: false };
  // Too many wrong codes: the 'Try again later' text, which the rate-limited error carries.
  if (error instanceof RateLimitedError) return { text: error.message, unexpected: false };
  return { text: t.totpFailed, unexpected: true };
}
