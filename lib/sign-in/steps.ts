import { defineStep } from "latch-kit";
import { OtpVerifyScreen } from "./OtpVerifyScreen";
import { OtpResendFooter } from "./otp-footer";
import "./registry";

export const otpVerifyStep = defineStep({ type: "otp_verify", Screen: OtpVerifyScreen, Footer: OtpResendFooter, back: "initial" });
