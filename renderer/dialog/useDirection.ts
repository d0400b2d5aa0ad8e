import { useKitAtom } from "../hooks/useKitAtom";

// Scripts written right to left (ISO 15924), for engines without Intl.Locale text info.
const RTL_SCRIPTS = new Set(["Adlm", "Arab", "Hebr", "Mand", "Mend", "Nkoo", "Rohg", "Samr", "Syrc", "Thaa"]);

/** Whether a BCP 47 locale is written right to left ("ar", "he-IL", "ur", "pa-Arab"); false for a malformed one. */
export function isRtlLocale(locale: string): boolean {
  try {
    const parsed = new Intl.Locale(locale);
    const info = parsed as Intl.Locale & { getTextInfo?: () => { direction?: string }; textInfo?: { direction?: string } };
    const direction = info.getTextInfo?.().direction ?? info.textInfo?.direction;
    if (direction) return direction === "rtl";
    return RTL_SCRIPTS.has(parsed.maximize().script ?? "");
  } catch {
    return false;
  }
}

/** The dialog's locale and text direction (from `ui.locale` or `kit.setLocale`). */
export function useDirection(): { locale: string | undefined; dir: "ltr" | "rtl" | undefined } {
  const locale = useKitAtom((a) => a.locale);
  return { locale, dir: locale ? (isRtlLocale(locale) ? "rtl" : "ltr") : undefined };
}
