// Loads the step and payload types this plugin registers, for apps that import only its entry.
import "../shared/registry";
import { definePlugin, defineSection, embeddedSignerPlugin } from "latch-kit";
import { otpAuthenticator, smsAuthenticator } from "../../lib/sign-in/signer-parts";
import { otpVerifyStep, totpVerifyStep } from "../../lib/sign-in/steps";
import { SmsSection } from "./SmsSection";

/** Sign in with a one-time code sent by SMS: the `sms` section and the same code entry. */
export const sms = () =>
  definePlugin({
    id: "sms",
    requires: [embeddedSignerPlugin],
    sections: [defineSection({ type: "sms", Component: SmsSection })],
    steps: [otpVerifyStep, totpVerifyStep],
    authenticators: [smsAuthenticator, otpAuthenticator],
  });

export { toE164, type SmsSectionConfig } from "./SmsSection";
export { emailStrings as smsStrings, EMAIL_STRINGS_TABLE } from "../../lib/sign-in/strings";
