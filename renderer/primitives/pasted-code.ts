import { OTP_LENGTH } from "latch-kit";

const SIX_DIGITS = new RegExp(`^\\d{${OTP_LENGTH}}$`);

/**
 * The code in pasted (or autofilled) text, or null: text starting with the code's digits gives
 * its first OTP_LENGTH (the spec's rule); otherwise the one group of OTP_LENGTH digits in it,
 * written with or without spaces or dashes ('084 260', '806-551', the mail's whole sentence).
 * Two different candidates, or none, are not a code.
 */
export function codeInPastedText(text: string): string | null {
  const trimmed = text.trim();
  const first = trimmed.slice(0, OTP_LENGTH);
  if (SIX_DIGITS.test(first)) return first;
  const candidates = new Set<string>();
  for (const [run] of trimmed.matchAll(/\d+(?:[ \-\u00a0]\d+)*/g)) {
    const joined = run.replace(/\D/g, "");
    if (SIX_DIGITS.test(joined)) candidates.add(joined);
    else for (const group of run.split(/\D/)) if (SIX_DIGITS.test(group)) candidates.add(group);
  }
  return candidates.size === 1 ? [...candidates][0]! : null;
}
