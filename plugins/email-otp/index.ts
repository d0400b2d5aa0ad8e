// Loads the step and payload types this plugin registers, for apps that import only its entry.
import "../shared/registry";
import { definePlugin, defineSection, embeddedSignerPlugin } from "latch-kit";
import { EmailSection } from "../../lib/sign-in/EmailSection";
import { emailAuthenticator, otpAuthenticator } from "../../lib/sign-in/signer-parts";
import { otpVerifyStep, totpVerifyStep } from "../../lib/sign-in/steps";

/** Sign in with a one-time code sent by email: the `email` section, `otp_verify`, `totp_verify`. */
export const emailOtp = () =>
  definePlugin({
    id: "email-otp",
    requires: [embeddedSignerPlugin],
    sections: [defineSection({ type: "email", Component: EmailSection })],
    steps: [otpVerifyStep, totpVerifyStep],
    authenticators: [emailAuthenticator, otpAuthenticator],
  });

export { emailStrings, EMAIL_STRINGS_TABLE } from "../../lib/sign-in/strings";
export type { EmailSectionConfig } from "../../lib/sign-in/EmailSection";
