import { describe, expect, it, vi } from "vitest";
import { assertHexColor, createKit, resolveQrOptions, signMessage, toQrDataUrl } from "latch-kit";
import { addMfa, getMfaFactors, UnsupportedMfaFactorError } from "latch-kit/plugins/mfa";
import { getAccountChanges } from "latch-kit/plugins/email-otp";
import { emailOtp } from "latch-kit/plugins/email-otp";

describe("QR options (spec §5, §9)", () => {
  it("accepts hex colours of 3, 4, 6 or 8 digits, and nothing else", () => {
    for (const ok of ["#abc", "abcd", "#a1b2c3", "#a1b2c3d4"]) expect(() => assertHexColor(ok)).not.toThrow();
    for (const bad of ["#ab", "#abcde", "#abcdefg", "zzz", 123, null, {}]) expect(() => assertHexColor(bad)).toThrow("Invalid hex color");
  });

  it("takes versions 1 to 40, levels L M Q H, margin and scale 4 by default, and ignores a width below 21", () => {
    expect(resolveQrOptions({})).toMatchObject({ margin: 4, scale: 4, errorCorrectionLevel: "M" });
    expect(resolveQrOptions({ width: 20 })).not.toHaveProperty("width");
    expect(resolveQrOptions({ width: 200 })).toMatchObject({ width: 200 });
    expect(() => resolveQrOptions({ version: 0 })).toThrow(/version/);
    expect(() => resolveQrOptions({ version: 41 })).toThrow(/version/);
    expect(resolveQrOptions({ version: 40 })).toMatchObject({ version: 40 });
    expect(() => resolveQrOptions({ errorCorrectionLevel: "X" as never })).toThrow(/L, M, Q, H/);
    expect(() => resolveQrOptions({ color: { dark: "#12" } })).toThrow("Invalid hex color");
  });

  it("draws a PNG data URL", async () => {
    expect(await toQrDataUrl("otpauth://totp/Latch:ada?secret=JBSWY3DPEHPK3PXP", { width: 200 })).toMatch(/^data:image\/png;base64,/);
  });
});

describe("account change rules (spec §5)", () => {
  const kit = () => createKit({ plugins: [emailOtp()], signer: { url: "http://localhost:1" } });

  it("refuses MFA factor types other than totp", async () => {
    await expect(addMfa(kit(), { multiFactorType: "sms" })).rejects.toBeInstanceOf(UnsupportedMfaFactorError);
    await expect(addMfa(kit(), { multiFactorType: "sms" })).rejects.toThrow("Unsupported MFA factor type");
  });

  it("needs a pending code before setting an email or phone: 'Missing OTP ID'", async () => {
    await expect(getAccountChanges(kit()).setEmail({ verificationCode: "123456" })).rejects.toThrow("Missing OTP ID");
    await expect(getAccountChanges(kit()).setPhone({ verificationCode: "123456" })).rejects.toThrow("Missing OTP ID");
  });

  it("refuses a phone change without a verification code", async () => {
    await expect(getAccountChanges(kit()).setPhone({ phone: "+14155550100" })).rejects.toThrow(
      "Verification token is required to change phone number",
    );
  });

  it("refuses sending a code to an empty email: 'Email must not be empty'", async () => {
    const fetch = vi.spyOn(globalThis, "fetch");
    await expect(getAccountChanges(kit()).sendVerificationCode({ type: "email", contact: "" })).rejects.toThrow("Email must not be empty");
    expect(fetch).not.toHaveBeenCalled();
    fetch.mockRestore();
  });

  it("requires a signed-in user for MFA and signing", async () => {
    await expect(getMfaFactors(kit())).rejects.toThrow("User is not logged in");
    await expect(signMessage(kit(), { message: "hi" })).rejects.toThrow("Signer not authenticated");
  });
});
