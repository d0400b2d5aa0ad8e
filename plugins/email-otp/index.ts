// Loads the step and payload types this plugin registers, for apps that import only its entry.
import "../../lib/sign-in/registry";
import { ACCOUNT_CREATOR, definePlugin, defineSection, embeddedSignerPlugin, type LatchPlugin } from "latch-kit";
import { EmailSection } from "../../lib/sign-in/EmailSection";
import { emailAccountCreator, emailAuthenticator, otpAuthenticator } from "../../lib/sign-in/signer-parts";
import { otpVerifyStep } from "../../lib/sign-in/steps";
import { mfaPlugin } from "../../lib/mfa/plugin";
import { contactStepUpPlugin } from "../../lib/sign-in/step-up";
import { EMAIL_SIGNER_OPTIONS } from "../../lib/sign-in/signer-options";

/**
 * Sign in with a one-time code sent by email: the `email` section, `otp_verify`, `totp_verify`.
 *
 * @example
 * createKit({ plugins: [emailOtp()], ui: { auth: { sections: [[{ type: "email" }]] } } });
 */
export const emailOtp = (): LatchPlugin =>
  definePlugin({
    id: "email-otp",
    requires: [embeddedSignerPlugin, mfaPlugin, contactStepUpPlugin],
    signerOptions: EMAIL_SIGNER_OPTIONS,
    /** Offers sign-up by email to `createAccount`. */
    setup: (kit) => void kit.container.add(ACCOUNT_CREATOR, emailAccountCreator),
    sections: [defineSection({ type: "email", Component: EmailSection })],
    steps: [otpVerifyStep],
    authenticators: [emailAuthenticator, otpAuthenticator],
  });

export { emailStrings, EMAIL_STRINGS_TABLE } from "../../lib/sign-in/strings";
export type { EmailSectionConfig } from "../../lib/sign-in/EmailSection";
export { useSendVerificationCode, useSetEmail, useRemoveEmail } from "../../lib/sign-in/contact-hooks";
export { getAccountChanges, AccountChanges, type ContactType } from "../../lib/sign-in/contact";
export { authenticateWithEmail, type AuthenticateWithEmailParameters, type AuthenticateWithEmailReturnType } from "../../lib/sign-in/actions/authenticateWithEmail";
export { submitOtpCode, type SubmitOtpCodeParameters, type SubmitOtpCodeReturnType } from "../../lib/sign-in/actions/submitOtpCode";
export { getEmailMode } from "../../lib/sign-in/actions/getEmailMode";
