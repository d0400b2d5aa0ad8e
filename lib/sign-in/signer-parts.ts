import { defineAuthenticator, getEmbeddedSigner } from "latch-kit";
import "./registry";

export const emailAuthenticator = defineAuthenticator("email", (payload, kit) =>
  getEmbeddedSigner(kit).authenticateWithEmail(payload),
);

export const otpAuthenticator = defineAuthenticator("otp", (payload, kit) =>
  getEmbeddedSigner(kit).submitOtpCode(payload.otpCode, payload.multiFactors),
);

export const smsAuthenticator = defineAuthenticator("sms", (payload, kit) => getEmbeddedSigner(kit).authenticateWithSms(payload));
