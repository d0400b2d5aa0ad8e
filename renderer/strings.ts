import { useKitAtom } from "./hooks/useKitAtom";

/** Texts by key. */
export type StringTable = Record<string, string>;

/** The renderer's own texts. */
export const rendererStrings = {
  signIn: "Sign in",
  or: "or",
  termsNotice: "by signing in you agree to the Terms of Service",
  protectedBy: "protected by",
  brand: "Latch",
  back: "Back",
  close: "Close",
  tryAgain: "Try again",
  useAnotherMethod: "Use another method",
  skip: "Skip",
  loading: "Loading",
  contactSupport: "Contact support",
  needHelp: "Need help?",
  // Not shown in the spec: our wording for the generic failure banner.
  genericErrorTitle: "Something went wrong",
  genericErrorBody: "Please try again, or sign in another way.",
  timeout: "Connection timed out: It looks like you need more time.",
  // Not shown in the spec: labels of the one-time-code group.
  otpGroupLabel: "One-time code",
  otpDigitLabel: "Digit {index} of {count}",
  dialogLabel: "Sign in",
};

/** Fills `{name}` placeholders. */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/**
 * A plugin's string table with the app's overrides (`ui.strings[tableId]`) applied, so a
 * translation replaces texts without touching plugin code.
 */
export function useStrings<T extends StringTable>(tableId: string, table: T): T {
  const overrides = useKitAtom((a) => a.strings)[tableId];
  return overrides ? { ...table, ...overrides } : table;
}
