import { describe, expect, it } from "vitest";
import { SignerHttpError } from "latch-kit";
import { otpErrorText, totpErrorText } from "../../lib/sign-in/errors";
import { emailStrings as t } from "../../lib/sign-in/strings";

describe("code screens map backend errors to texts people can read", () => {
  it("an authenticator code reused in its window asks to wait for the next code, not 'incorrect'", () => {
    const reused = new SignerHttpError(400, "INVALID_MFA_CODE", "Invalid MFA code: this code was already used, wait for the next one");
    expect(totpErrorText(reused, t)).toEqual({ text: "This code was already used. Wait for the next code in your authenticator app.", unexpected: false });
  });

  it("a wrong authenticator code is the spec's 'The code you entered is incorrect'; anything else the spec's generic text, logged", () => {
    expect(totpErrorText(new SignerHttpError(400, "INVALID_MFA_CODE", "Invalid MFA code"), t)).toEqual({
      text: "The code you entered is incorrect",
      unexpected: false,
    });
    expect(totpErrorText(new TypeError("Failed to fetch"), t)).toEqual({ text: "An error occurred while verifying the code", unexpected: true });
  });

  it("email and SMS codes: invalid → the spec's incorrect text; expired or timed out → the spec's timeout text", () => {
    expect(otpErrorText(new Error("Invalid OTP code"), t)).toBe("Connection failed: The code could not be verified. The code you entered is incorrect.");
    expect(otpErrorText(new Error("Connection timed out: It looks like you need more time."), t)).toBe(
      "Connection timed out: It looks like you need more time.",
    );
  });
});
