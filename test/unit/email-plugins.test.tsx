import { describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createKit, defineAuthenticator, definePlugin, MfaRequiredError, SignerHttpError, type Kit } from "latch-kit";
import { LatchProvider } from "latch-kit/react";
import { emailOtp } from "latch-kit/plugins/email-otp";
import { magicLink } from "latch-kit/plugins/magic-link";
import { sms, toE164 } from "latch-kit/plugins/sms";

// Unit tests replace the backend calls with fakes; the real flows run end to end against the emulator.
function fakeBackend(handlers: { email?: () => Promise<unknown>; otp?: (code: string) => Promise<unknown>; sms?: () => Promise<unknown> }) {
  return definePlugin({
    id: "fake-backend",
    start: (kit) => kit.setStatus("DISCONNECTED"),
    authenticators: [
      defineAuthenticator("email", handlers.email ?? (async () => ({ orgId: "o" }))),
      defineAuthenticator("otp", (p) => (handlers.otp ?? (async () => ({ status: "SUCCESS" })))(p.otpCode)),
      defineAuthenticator("sms", handlers.sms ?? (async () => ({ orgId: "o" }))),
    ],
  });
}

function renderDialog(kit: Kit) {
  render(<LatchProvider kit={kit} />);
  act(() => kit.openModal());
}

const emailField = () => screen.getByRole("textbox", { name: "Email" }) as HTMLInputElement;
const continueButton = () => screen.getByRole("button", { name: "Continue" });
const typeCode = (code: string) =>
  code.split("").forEach((d, i) => fireEvent.change(screen.getAllByRole("textbox", { name: /Digit/ })[i]!, { target: { value: d } }));

describe("email section", () => {
  const kitWith = (handlers: Parameters<typeof fakeBackend>[0] = {}, emailMode = "otp") =>
    createKit({
      plugins: [emailOtp(), magicLink(), fakeBackend(handlers)],
      signer: { emailMode },
      ui: { auth: { sections: [[{ type: "email" }]] } },
    });

  it("has the placeholder 'Email' and a Continue button disabled while empty or invalid", () => {
    renderDialog(kitWith());
    expect(emailField().placeholder).toBe("Email");
    expect(continueButton().hasAttribute("disabled")).toBe(true);
    fireEvent.change(emailField(), { target: { value: "not-an-email" } });
    expect(screen.getByText("Must provide a valid email.")).toBeTruthy();
    expect(continueButton().hasAttribute("disabled")).toBe(true);
    fireEvent.change(emailField(), { target: { value: "ada@example.com" } });
    expect(screen.queryByText("Must provide a valid email.")).toBeNull();
    expect(continueButton().hasAttribute("disabled")).toBe(false);
  });

  it("in OTP mode moves to otp_verify as soon as the request starts, showing the address", async () => {
    let release!: () => void;
    const kit = kitWith({ email: () => new Promise((r) => (release = () => r({ orgId: "o" }))) });
    renderDialog(kit);
    fireEvent.change(emailField(), { target: { value: "ada@example.com" } });
    fireEvent.click(continueButton());
    await waitFor(() => expect(kit.getStep().type).toBe("otp_verify"));
    expect(screen.getByText("ada@example.com")).toBeTruthy();
    expect(screen.getAllByRole("textbox", { name: /Digit/ })).toHaveLength(6);
    release();
  });

  it("in magic-link mode moves to email_verify on success", async () => {
    const kit = kitWith({}, "magicLink");
    renderDialog(kit);
    fireEvent.change(emailField(), { target: { value: "ada@example.com" } });
    fireEvent.click(continueButton());
    await screen.findByRole("heading", { name: "check your email" });
    expect(screen.getByText("We sent a verification link to ada@example.com.")).toBeTruthy();
  });

  it("goes to totp_verify with previousStep magicLink on an MFA-required error", async () => {
    const kit = kitWith({ email: () => Promise.reject(new MfaRequiredError([{ multiFactorId: "f1", multiFactorType: "totp" }])) }, "magicLink");
    renderDialog(kit);
    fireEvent.change(emailField(), { target: { value: "ada@example.com" } });
    fireEvent.click(continueButton());
    await screen.findByRole("heading", { name: "Enter authenticator app code" });
    expect(kit.getStep()).toMatchObject({ type: "totp_verify", factorId: "f1", previousStep: "magicLink" });
  });

  it("returns to initial with the generic banner on any other error", async () => {
    const kit = kitWith({ email: () => Promise.reject(new Error("backend down")) }, "magicLink");
    renderDialog(kit);
    fireEvent.change(emailField(), { target: { value: "ada@example.com" } });
    fireEvent.click(continueButton());
    await screen.findByRole("alert");
    expect(kit.getStep().type).toBe("initial");
  });
});

describe("otp_verify", () => {
  const setup = (otp: (code: string) => Promise<unknown>) => {
    const kit = createKit({ plugins: [emailOtp(), fakeBackend({ otp })], signer: { emailMode: "otp" }, ui: { auth: { sections: [[{ type: "email" }]] } } });
    renderDialog(kit);
    act(() => kit.setStep({ type: "otp_verify", email: "ada@example.com", channel: "email", status: "base" }));
    return kit;
  };

  it("verifies on the sixth digit, shows verified, completes after 1000 ms", async () => {
    const otp = vi.fn(async () => ({ status: "SUCCESS" }));
    const kit = setup(otp);
    const seen: Array<{ at: number; step: string }> = [];
    kit.events.on("stepChanged", (step) => seen.push({ at: Date.now(), step: `${step.type}:${"status" in step ? step.status : ""}` }));
    typeCode("123456");
    expect(otp).toHaveBeenCalledWith("123456");
    await waitFor(() => expect(kit.getStep()).toMatchObject({ type: "otp_verify", status: "success" }));
    expect(screen.getByRole("heading", { name: "Verified" })).toBeTruthy();
    await waitFor(() => expect(kit.getStep().type).toBe("complete"), { timeout: 2000 });
    const success = seen.find((s) => s.step === "otp_verify:success")!;
    const complete = seen.find((s) => s.step.startsWith("complete"))!;
    expect(seen.map((s) => s.step)).toEqual(["otp_verify:verifying", "otp_verify:success", "complete:"]);
    expect(complete.at - success.at).toBeGreaterThanOrEqual(990);
    expect(complete.at - success.at).toBeLessThan(1500);
  });

  it("maps the server's 'invalid OTP code' to the spec's text and resets the boxes", async () => {
    const kit = setup(() => Promise.reject(new SignerHttpError(400, "INVALID_OTP", "invalid OTP code")));
    typeCode("111111");
    await screen.findByText("Connection failed: The code could not be verified. The code you entered is incorrect.");
    expect(kit.getStep()).toMatchObject({ status: "base" });
    expect(screen.getAllByRole("textbox", { name: /Digit/ }).every((b) => (b as HTMLInputElement).value === "")).toBe(true);
  });

  it("shows any other server message as it is", async () => {
    setup(() => Promise.reject(new SignerHttpError(429, "RATE_LIMITED", "Too many attempts")));
    typeCode("111111");
    await screen.findByText("Too many attempts");
  });

  it("moves to totp_verify with previousStep otp when a second factor is required", async () => {
    const kit = setup(async () => ({ status: "MFA_REQUIRED", multiFactors: [{ multiFactorId: "f9", multiFactorType: "totp" }] }));
    typeCode("123456");
    await waitFor(() => expect(kit.getStep()).toMatchObject({ type: "totp_verify", factorId: "f9", previousStep: "otp" }));
  });

  it("shows 'resent' for 2 s after resending, then the link again", async () => {
    const email = vi.fn(async () => ({ orgId: "o" }));
    const kit = createKit({ plugins: [emailOtp(), fakeBackend({ email })], signer: { emailMode: "otp" }, ui: { auth: { sections: [[{ type: "email" }]] } } });
    renderDialog(kit);
    act(() => kit.setStep({ type: "otp_verify", email: "ada@example.com", channel: "email", status: "base" }));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole("button", { name: "Resend code" }));
    const resent = await screen.findByRole("button", { name: "resent" });
    expect(resent.hasAttribute("disabled")).toBe(true);
    expect(email).toHaveBeenCalledTimes(1);
    act(() => void vi.advanceTimersByTime(2001));
    expect(screen.getByRole("button", { name: "Resend code" })).toBeTruthy();
    vi.useRealTimers();
  });
});

describe("sms", () => {
  it("validates and joins a phone number in E.164", () => {
    expect(toE164("+1", "(415) 555-0100")).toBe("+14155550100");
    expect(toE164("44", "7700900123")).toBe("+447700900123");
    expect(toE164("+1", "12")).toBeNull();
    expect(toE164("+0", "4155550100")).toBeNull();
  });

  it("sends a code and shows the code entry for the phone", async () => {
    const smsCall = vi.fn(async () => ({ orgId: "o" }));
    const kit = createKit({ plugins: [sms(), fakeBackend({ sms: smsCall })], ui: { auth: { sections: [[{ type: "sms" }]] } } });
    renderDialog(kit);
    fireEvent.change(screen.getByRole("textbox", { name: "Phone number" }), { target: { value: "4155550100" } });
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    await waitFor(() => expect(kit.getStep()).toMatchObject({ type: "otp_verify", contact: "+14155550100", channel: "sms" }));
    expect(smsCall).toHaveBeenCalled();
  });
});
