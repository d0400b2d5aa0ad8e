// Texts of social sign-in: spec wording where it has it; the others (marked) are ours.
/** The OAuth texts (English), by key. */
export const oauthStrings = {
  continueWith: "Continue with {provider}",
  popupHint: "Follow the steps in the pop up window to sign in with {provider}",
  contactSupport: "Contact support",
  needHelp: "Need help?",
  errorTitle: "Couldn't connect to {provider}",
  errorBody: "The sign-in with {provider} did not finish. Try again, or sign in another way.", // ours: 'a localized message'
  timeout: "Connection timed out: It looks like you need more time.",
  providerUnavailable: "{provider} is not answering right now. Try again in a few minutes, or sign in another way.", // ours
  providerMisconfigured: "Sign-in with {provider} is not set up correctly for this app. Sign in another way, and let the app's support know.", // ours
  providerRefused: "{provider} did not accept this sign-in. Start again.", // ours
};

/** The OAuth texts' type. */
export type OauthStrings = typeof oauthStrings;

/** The id of the OAuth string table (replace its texts with `ui.strings.oauth`). */
export const OAUTH_STRINGS_TABLE = "oauth";
