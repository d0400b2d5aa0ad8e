// Steps, statuses, session types and authenticate payloads of the code and link sign-ins
// (email-otp, magic-link, sms).
import type { EmailMode } from "latch-kit";
import type { MultiFactorCode } from "../mfa/registry";

export type OtpChannel = "email" | "sms";
export type OtpStatus = "base" | "verifying" | "success";

declare module "latch-kit" {
  interface SignerMethodOptions {
    /** 'magicLink' sends links, anything else codes; unset, the server's signer-config decides. */
    emailMode?: string;
  }
  interface AuthStepRegistry {
    otp_verify: {
      /** The email (or phone, for sms) the code was sent to. */
      email?: string;
      contact?: string;
      channel?: OtpChannel;
      status?: OtpStatus;
      previousStep?: "magicLink" | "otp";
      /** A resend replaced the first code (a wrong code then says a newer one was sent). */
      resent?: boolean;
      error?: Error;
    };
    /** A code sent to the account's own email or phone, confirming a sensitive change (step-up). */
    step_up_code: { otpId: string; contact: string; channel: OtpChannel; error?: Error };
    email_verify: { email: string; error?: Error };
    email_completing: { error?: Error };
  }
  interface AuthenticatePayloadRegistry {
    email: {
      email: string;
      emailMode?: EmailMode;
      redirectParams?: URLSearchParams;
      multiFactors?: MultiFactorCode[];
    };
    otp: { otpCode: string; multiFactors?: MultiFactorCode[] };
    sms: { phone: string };
  }
  interface AccountCreationRegistry {
    email: { email: string; emailMode?: EmailMode; redirectParams?: URLSearchParams };
    sms: { phone: string };
  }
  interface SignerStatusRegistry {
    AUTHENTICATING_EMAIL: true;
    AWAITING_EMAIL_AUTH: true;
    AWAITING_OTP_AUTH: true;
    AWAITING_SMS_AUTH: true;
  }
  interface SessionTypeRegistry {
    email: true;
    otp: true;
  }
  interface SignerState {
    /** The code sent, waiting to be entered. */
    otpId?: string;
  }
}
