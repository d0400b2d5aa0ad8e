// Texts of the email, code and authenticator-app screens: spec wording where the spec has it;
// the others (marked) are ours, as the spec leaves them unshown.
/** The email sign-in texts (English), by key. */
export const emailStrings = {
  emailPlaceholder: "Email",
  emailLabel: "Email", // ours: the accessible name of the field
  continue: "Continue",
  invalidEmail: "Must provide a valid email.",
  invalidFormValues: "Invalid Form Values",
  otpTitleWaiting: "Enter the code sent to", // ours
  otpTitleVerifying: "Verifying code", // ours
  otpTitleVerified: "Verified", // ours
  invalidOtp: "Connection failed: The code could not be verified. The code you entered is incorrect.",
  timeout: "Connection timed out: It looks like you need more time.",
  tooManyWrongCodes: "Too many wrong codes; request a new one.", // ours: the third wrong code ends the code
  codeReplaced: "The code you entered is incorrect. A newer code was sent: enter the code from the latest message.", // ours: after a resend
  resend: "Resend code", // ours
  resendLink: "Resend link", // ours: the magic-link screen sends a link
  resent: "resent",
  didNotReceive: "Didn't receive it?", // ours
  totpTitle: "Enter authenticator app code",
  totpBody: "Open your authenticator app and enter the 6-digit code.", // ours
  totpIncorrect: "The code you entered is incorrect",
  totpFailed: "An error occurred while verifying the code",
  totpReused: "This code was already used. Wait for the next code in your authenticator app.", // ours
  checkEmailTitle: "check your email",
  checkEmailBody: "We sent a verification link to {email}.", // ours: says a link was sent to the address
  completing: "Completing your sign in", // ours
  stepUpCodeTitle: "Confirm it's you", // ours: a code to the account's own email or phone before a sensitive change (step-up)
  stepUpCodeBody: "Enter the code we sent to {contact} to make this change.", // ours
  phonePlaceholder: "Phone number", // ours: our SMS section has no hosted counterpart
  countryCodeLabel: "Country code", // ours
  invalidPhone: "Must provide a valid phone number.", // ours
};

export type EmailStrings = typeof emailStrings;
/** The id of the email string table (replace its texts with `ui.strings.email`). */
export const EMAIL_STRINGS_TABLE = "email";
