import { defineAuthenticator } from "latch-kit";
import { authenticateWithEmail } from "./actions/authenticateWithEmail";
import { authenticateWithSms } from "./actions/authenticateWithSms";
import { submitOtpCode } from "./actions/submitOtpCode";
import "./registry";

export const emailAuthenticator = defineAuthenticator("email", (payload, kit) => authenticateWithEmail(kit, payload));
export const otpAuthenticator = defineAuthenticator("otp", (payload, kit) => submitOtpCode(kit, payload));
export const smsAuthenticator = defineAuthenticator("sms", (payload, kit) => authenticateWithSms(kit, payload));
