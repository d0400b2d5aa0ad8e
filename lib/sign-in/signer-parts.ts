import { defineAuthenticator, type AccountCreationRegistry, type Kit } from "latch-kit";
import { authenticateWithEmail } from "./actions/authenticateWithEmail";
import { authenticateWithSms } from "./actions/authenticateWithSms";
import { submitOtpCode } from "./actions/submitOtpCode";
import "./registry";

export const emailAuthenticator = defineAuthenticator("email", (payload, kit) => authenticateWithEmail(kit, payload));
export const otpAuthenticator = defineAuthenticator("otp", (payload, kit) => submitOtpCode(kit, payload));
export const smsAuthenticator = defineAuthenticator("sms", (payload, kit) => authenticateWithSms(kit, payload));

/** createAccount by email (code or link, the kit's email mode unless given) and by SMS: always a sign-up. */
export const emailAccountCreator = {
  type: "email",
  create: (params: AccountCreationRegistry["email"], kit: Kit) => authenticateWithEmail(kit, params, { signUp: true }),
};
export const smsAccountCreator = {
  type: "sms",
  create: (params: AccountCreationRegistry["sms"], kit: Kit) => authenticateWithSms(kit, params, { signUp: true }),
};
