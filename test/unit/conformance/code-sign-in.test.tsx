import { afterEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createKit, defineAuthenticator, definePlugin, getEmbeddedSigner, type Kit } from "latch-kit";
import { LatchProvider } from "latch-kit/react";
import { emailOtp, submitOtpCode } from "latch-kit/plugins/email-otp";
import { magicLink } from "latch-kit/plugins/magic-link";
import { passkey } from "latch-kit/plugins/passkey";
import { oauth } from "latch-kit/plugins/oauth";
import { validateMultiFactors } from "../../../lib/mfa/actions/validateMultiFactors";
import { answerSignerRoutes, type SignerRouteAnswers } from "./signer-routes";

// Spec conformance rows about the code and link sign-ins and their screens (test/CONFORMANCE.md).
const KEY = `04${"cd".repeat(64)}`;
const SIGNER = "http://localhost:9";

const typeCode = (code: string) =>
  code.split("").forEach((d, i) => fireEvent.change(screen.getAllByRole("textbox", { name: /Digit/ })[i]!, { target: { value: d } }));

/** Authenticators answering as the test says, in place of the backend calls. */
function fakeBackend(handlers: { email?: (p: unknown) => Promise<unknown>; otp?: () => Promise<unknown> } = {}) {
  return definePlugin({
    id: "fake-backend",
    start: (kit) => kit.setStatus("DISCONNECTED"),
    authenticators: [
      defineAuthenticator("email", handlers.email ?? (async () => ({ orgId: "o" }))),
      defineAuthenticator("otp", handlers.otp ?? (async () => ({ status: "SUCCESS" }))),
    ],
  });
}

function renderKit(kit: Kit) {
  render(<LatchProvider kit={kit} />);
  return kit;
}

/** A kit whose embedded signer answers the signer routes from `routes`, with the frame's key faked. */
function stubbedSigner(routes: SignerRouteAnswers) {
  const kit = createKit({ plugins: [emailOtp()], signer: { url: SIGNER } });
  getEmbeddedSigner(kit).frame.init = vi.fn(async () => KEY);
  return answerSignerRoutes(kit, routes);
}

afterEach(() => vi.restoreAllMocks());

describe("§2 footers and back", () => {
  const allSteps = () =>
    renderKit(
      createKit({
        plugins: [emailOtp(), magicLink(), passkey(), oauth(), fakeBackend()],
        signer: { url: SIGNER },
        ui: { auth: { sections: [[{ type: "email" }]] } },
      }),
    );

  it("§2 email_verify footer has a resend link, which sends the link again in magic-link mode", async () => {
    const email = vi.fn(async (_payload: unknown, _kit?: unknown) => ({ orgId: "o" }));
    const kit = renderKit(createKit({ plugins: [magicLink(), fakeBackend({ email })], ui: { auth: { sections: [[{ type: "email" }]] } } }));
    act(() => kit.openModal({ type: "email_verify", email: "ada@example.com" }));
    // It sends a link, and says so (README, choices).
    fireEvent.click(screen.getByRole("button", { name: "Resend link" }));
    await waitFor(() => expect(email).toHaveBeenCalledWith(expect.objectContaining({ email: "ada@example.com", emailMode: "magicLink" }), expect.anything()));
    expect(screen.getByRole("button", { name: "resent" }).hasAttribute("disabled")).toBe(true);
  });

  it("§2 footer on all other steps is empty (only the 'protected by' line follows the step)", () => {
    const kit = allSteps();
    const others = [
      { type: "totp_verify", factorId: "f", previousStep: "otp" },
      { type: "email_completing" },
      { type: "passkey_verify" },
      { type: "passkey_create" },
      { type: "oauth_completing", config: { authProviderId: "google" } },
    ] as const;
    for (const step of others) {
      act(() => kit.openModal(step as never));
      const area = document.querySelector(`[data-latch-step="${step.type}"]`)!;
      expect(area, step.type).toBeTruthy();
      expect(area.nextElementSibling?.tagName, step.type).toBe("P");
      expect(area.nextElementSibling?.textContent, step.type).toMatch(/protected by/i);
      act(() => kit.closeModal());
    }
    // The two code steps do have one: the resend link.
    for (const [step, label] of [
      [{ type: "otp_verify", email: "a@b.co" }, "Resend code"],
      [{ type: "email_verify", email: "a@b.co" }, "Resend link"],
    ] as const) {
      act(() => kit.openModal(step as never));
      const area = document.querySelector(`[data-latch-step="${step.type}"]`)!;
      expect(within(area.nextElementSibling as HTMLElement).getByRole("button", { name: label })).toBeTruthy();
      act(() => kit.closeModal());
    }
  });

  it("§2 back from email_verify, otp_verify, passkey_verify, passkey_create returns to initial", () => {
    const kit = allSteps();
    for (const step of [
      { type: "email_verify", email: "a@b.co" },
      { type: "otp_verify", email: "a@b.co" },
      { type: "passkey_verify" },
      { type: "passkey_create" },
    ] as const) {
      act(() => kit.openModal(step as never));
      fireEvent.click(screen.getByRole("button", { name: "Back" }));
      expect(kit.getStep().type, step.type).toBe("initial");
      act(() => kit.closeModal());
    }
  });
});

describe("§4 resend and TOTP entry", () => {
  it("§4 resend is disabled while the code is verifying or has succeeded", () => {
    const kit = renderKit(createKit({ plugins: [emailOtp(), fakeBackend()], ui: { auth: { sections: [[{ type: "email" }]] } } }));
    const resend = () => screen.getByRole("button", { name: "Resend code" });
    act(() => kit.openModal({ type: "otp_verify", email: "a@b.co", status: "base" }));
    expect(resend().hasAttribute("disabled")).toBe(false);
    act(() => kit.setStep({ type: "otp_verify", email: "a@b.co", status: "verifying" }));
    expect(resend().hasAttribute("disabled")).toBe(true);
    act(() => kit.setStep({ type: "otp_verify", email: "a@b.co", status: "success" }));
    expect(resend().hasAttribute("disabled")).toBe(true);
  });

  it("§4 TOTP after magicLink: authenticate again (email, magicLink) with multiFactors (factor id and code)", async () => {
    const email = vi.fn(async (_payload: unknown, _kit?: unknown) => ({ orgId: "o" }));
    const kit = renderKit(createKit({ plugins: [magicLink(), fakeBackend({ email })], ui: { auth: { sections: [[{ type: "email" }]] } } }));
    act(() => kit.openModal({ type: "totp_verify", factorId: "f1", previousStep: "magicLink", email: "ada@example.com" }));
    typeCode("123456");
    await waitFor(() => expect(email).toHaveBeenCalled());
    expect(email.mock.calls[0]![0]).toMatchObject({
      type: "email",
      email: "ada@example.com",
      emailMode: "magicLink",
      multiFactors: [{ multiFactorId: "f1", multiFactorCode: "123456" }],
    });
  });

  it("§8 TOTP: other errors show 'An error occurred while verifying the code' and are logged", async () => {
    const boom = new Error("socket hang up");
    const kit = renderKit(
      createKit({ plugins: [magicLink(), fakeBackend({ email: () => Promise.reject(boom) })], ui: { auth: { sections: [[{ type: "email" }]] } } }),
    );
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    act(() => kit.openModal({ type: "totp_verify", factorId: "f1", previousStep: "magicLink", email: "ada@example.com" }));
    typeCode("123456");
    await screen.findByText("An error occurred while verifying the code");
    expect(logged).toHaveBeenCalledWith(expect.any(String), boom);
    expect(screen.getAllByRole("textbox", { name: /Digit/ }).map((b) => (b as HTMLInputElement).value)).toEqual(["", "", "", "", "", ""]);
  });
});

describe("§5 / §7 / §8 code submission", () => {
  it("§5 OTP needs an orgId ('orgId not found in session') and an otpId ('otpId not found in session')", async () => {
    const { kit, signer, request } = stubbedSigner({});
    await expect(submitOtpCode(kit, { otpCode: "123456" })).rejects.toThrow("orgId not found in session");
    signer.sessions.setTemporary({ orgId: "o1" });
    await expect(submitOtpCode(kit, { otpCode: "123456" })).rejects.toThrow("otpId not found in session");
    expect(request).not.toHaveBeenCalled();
    expect(kit.getStatus()).toBe("DISCONNECTED");
  });

  it("§7/§8 an OTP submit answer lacking required fields: 'Failed to submit OTP code. Server did not return required fields'", async () => {
    for (const answer of [{ status: "SUCCESS" }, { status: "MFA_REQUIRED", multiFactors: [] }, {}]) {
      const { kit, signer } = stubbedSigner({ otp: () => answer });
      signer.sessions.setTemporary({ orgId: "o1", otpId: "otp-1" });
      await expect(submitOtpCode(kit, { otpCode: "123456" })).rejects.toThrow("Failed to submit OTP code. Server did not return required fields");
    }
  });

  it("§5 MFA validation needs a pending MFA context and a matching factor id", async () => {
    const { kit, signer, request } = stubbedSigner({});
    await expect(validateMultiFactors(kit, { multiFactorId: "f1", multiFactorCode: "123456" })).rejects.toThrow(
      "No pending MFA context found. Call submitOtpCode() first.",
    );
    signer.sessions.setTemporary({ orgId: "o1", encryptedPayload: "sealed", mfaFactorId: "f1" });
    await expect(validateMultiFactors(kit, { multiFactorId: "f2", multiFactorCode: "123456" })).rejects.toThrow("MFA factor ID mismatch");
    expect(request).not.toHaveBeenCalled();
  });

  it("§7/§8 validateMultiFactors without a credential bundle: 'Request to validateMultiFactors did not return a credential bundle'", async () => {
    const { kit, signer, request } = stubbedSigner({ "auth-validate-multi-factors": () => ({ payload: {} }) });
    signer.sessions.setTemporary({ orgId: "o1", encryptedPayload: "sealed", mfaFactorId: "f1" });
    await expect(validateMultiFactors(kit, { multiFactorId: "f1", multiFactorCode: "123456" })).rejects.toThrow(
      "Request to validateMultiFactors did not return a credential bundle",
    );
    // The third argument: the call's options (its abort signal).
    expect(request).toHaveBeenCalledWith(
      "auth-validate-multi-factors",
      {
        encryptedPayload: "sealed",
        multiFactors: [{ multiFactorId: "f1", multiFactorCode: "123456" }],
      },
      expect.anything(),
    );
  });
});
