// Steps and authenticate payloads shared by the email-otp, magic-link and sms plugins.
import type { MultiFactorCode } from "latch-kit";

export type OtpChannel = "email" | "sms";
export type OtpStatus = "base" | "verifying" | "success";

declare module "latch-kit" {
  interface AuthStepRegistry {
    otp_verify: {
      /** The email (or phone, for sms) the code was sent to. */
      email?: string;
      contact?: string;
      channel?: OtpChannel;
      status?: OtpStatus;
      previousStep?: "magicLink" | "otp";
      error?: Error;
    };
    totp_verify: { factorId: string; previousStep: "magicLink" | "otp"; email?: string; error?: Error };
    email_verify: { email: string; error?: Error };
    email_completing: { error?: Error };
  }
  interface AuthenticatePayloadRegistry {
    email: {
      email: string;
      emailMode?: "magicLink" | "otp";
      redirectParams?: URLSearchParams;
      multiFactors?: MultiFactorCode[];
    };
    otp: { otpCode: string; multiFactors?: MultiFactorCode[] };
    sms: { phone: string };
  }
}

export {};
