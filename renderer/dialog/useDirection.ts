import { isRTL } from "react-aria-components";
import { useKitAtom } from "../hooks/useKitAtom";

/** The dialog's locale and text direction (from `ui.locale` or `kit.setLocale`). */
export function useDirection(): { locale: string | undefined; dir: "ltr" | "rtl" | undefined } {
  const locale = useKitAtom((a) => a.locale);
  return { locale, dir: locale ? (isRTL(locale) ? "rtl" : "ltr") : undefined };
}
