// Texts of the passkey screens: spec wording where it has it; the others (marked) are ours.
/** The passkey texts (English), by key. */
export const passkeyStrings = {
  sectionButton: "I have a passkey",
  continueWithPasskey: "Continue with passkey",
  cancel: "Cancel",
  contactSupport: "Contact support",
  connectionFailed: "Connection failed",
  // ours: the browser says the same (NotAllowedError) whether no passkey of this site is on the
  // device or the user cancelled, so the text names both, the likelier first.
  connectionFailedBody: "No passkey for this site was found on this device, or the request was cancelled. Sign in another way, or try again.",
  errorTitle: "Passkey sign-in failed", // ours: the passkey panel title (spec wording not shown)
  addTitle: "Add a passkey",
  addBody: "Sign in next time with your face, fingerprint or device PIN.", // ours
  benefitLoginTitle: "Simpler login",
  benefitLoginBody: "Use Face ID or Touch ID instead of codes.", // ours: 'simpler login (Face ID or Touch ID)'
  benefitSecurityTitle: "Enhanced security",
  benefitSecurityBody: "Protection against phishing and theft.", // ours: 'protection against phishing and theft'
  continue: "Continue",
  skip: "Skip",
  addFailed: "Failed to add passkey",
  addFailedBody: "Your account is ready; you can add a passkey later.", // ours
  addedTitle: "Passkey added!",
  addedBody: "You can use this passkey to sign in next time.",
  trackAddSuccess: "add passkey on signup success",
  trackAddSkip: "add passkey on signup skip",
};

/** The id of the passkey string table (replace its texts with `ui.strings.passkey`). */
export const PASSKEY_STRINGS_TABLE = "passkey";
