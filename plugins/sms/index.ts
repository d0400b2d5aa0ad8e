// Loads the step and payload types this plugin registers, for apps that import only its entry.
import "../../lib/sign-in/registry";
import { ACCOUNT_CREATOR, definePlugin, defineSection, embeddedSignerPlugin, type LatchPlugin } from "latch-kit";
import { otpAuthenticator, smsAccountCreator, smsAuthenticator } from "../../lib/sign-in/signer-parts";
import { otpVerifyStep } from "../../lib/sign-in/steps";
import { mfaPlugin } from "../../lib/mfa/plugin";
import { contactStepUpPlugin } from "../../lib/sign-in/step-up";
import { SmsSection } from "./SmsSection";

/** Sign in with a one-time code sent by SMS: the `sms` section and the same code entry. */
export const sms = (): LatchPlugin =>
  definePlugin({
    id: "sms",
    requires: [embeddedSignerPlugin, mfaPlugin, contactStepUpPlugin],
    /** Offers sign-up by SMS to `createAccount`. */
    setup: (kit) => void kit.container.add(ACCOUNT_CREATOR, smsAccountCreator),
    sections: [defineSection({ type: "sms", Component: SmsSection })],
    steps: [otpVerifyStep],
    authenticators: [smsAuthenticator, otpAuthenticator],
  });

export { toE164, type SmsSectionConfig } from "./SmsSection";
export { emailStrings as smsStrings, EMAIL_STRINGS_TABLE } from "../../lib/sign-in/strings";
export { useSendVerificationCode, useSetPhone, useRemovePhone } from "../../lib/sign-in/contact-hooks";
export { getAccountChanges, AccountChanges, type ContactType } from "../../lib/sign-in/contact";
export { authenticateWithSms, type AuthenticateWithSmsParameters, type AuthenticateWithSmsReturnType } from "../../lib/sign-in/actions/authenticateWithSms";
export { submitOtpCode, type SubmitOtpCodeParameters, type SubmitOtpCodeReturnType } from "../../lib/sign-in/actions/submitOtpCode";
