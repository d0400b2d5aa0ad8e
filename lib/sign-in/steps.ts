import { defineStep } from "latch-kit";
import { OtpVerifyScreen } from "./OtpVerifyScreen";
import { OtpResendFooter } from "./otp-footer";
import { TotpVerifyScreen } from "./TotpVerifyScreen";
import "./registry";

export const otpVerifyStep = defineStep({ type: "otp_verify", Screen: OtpVerifyScreen, Footer: OtpResendFooter, back: "initial" });
export const totpVerifyStep = defineStep({ type: "totp_verify", Screen: TotpVerifyScreen, back: "initial" });
