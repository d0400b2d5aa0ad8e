import { afterEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createKit, getEmbeddedSigner, MfaRequiredError, type Kit, type User } from "latch-kit";
import { LatchProvider } from "latch-kit/react";
import { emailOtp } from "latch-kit/plugins/email-otp";
import { magicLink } from "latch-kit/plugins/magic-link";
import { answerSignerRoutes, type SignerRouteAnswers } from "./signer-routes";

// Issue 22's partial items about the code and link sign-in steps (test/CONFORMANCE.md): the signer
// status drives the open dialog, the TOTP screen after a magic link, back and paste on totp_verify,
// the magic-link return without an init session, the authenticating event's types.
const KEY = `04${"cd".repeat(64)}`;
const USER: User = { type: "sca", userId: "u1", orgId: "o1", address: "0x00000000000000000000000000000000000000aa" };
const INVALID_OTP = "Connection failed: The code could not be verified. The code you entered is incorrect.";

function dialogKit(routes: SignerRouteAnswers, emailMode = "magicLink") {
  const kit = createKit({ plugins: [emailOtp(), magicLink()], signer: { url: "http://localhost:9", emailMode }, ui: { auth: { sections: [[{ type: "email" }]] } } });
  const signer = getEmbeddedSigner(kit);
  signer.frame.init = vi.fn(async () => KEY);
  signer.initialize = vi.fn(async () => kit.setStatus("DISCONNECTED"));
  answerSignerRoutes(kit, routes);
  render(<LatchProvider kit={kit} />);
  act(() => kit.openModal());
  return { kit, signer };
}

const typeCode = (code: string) =>
  code.split("").forEach((d, i) => fireEvent.change(screen.getAllByRole("textbox", { name: /Digit/ })[i]!, { target: { value: d } }));

afterEach(() => {
  vi.restoreAllMocks();
  history.replaceState(null, "", "/");
});

describe("§4 the signer status moves an open dialog", () => {
  it("§4 awaiting email auth moves the dialog to email_verify, for a link the app asked for headlessly", async () => {
    const { kit } = dialogKit({ lookup: () => ({ orgId: "o1" }), auth: () => ({ orgId: "o1" }) });
    expect(kit.getStep().type).toBe("initial");
    await act(() => kit.authenticate({ type: "email", email: "ada@example.com", emailMode: "magicLink" }));
    expect(kit.getStatus()).toBe("AWAITING_EMAIL_AUTH");
    expect(kit.getStep()).toEqual({ type: "email_verify", email: "ada@example.com" });
    expect(screen.getByRole("heading", { name: "check your email" })).toBeTruthy();
  });

  it("§4 awaiting MFA auth moves the dialog to totp_verify with previousStep otp, for a code submitted headlessly", async () => {
    const { kit, signer } = dialogKit(
      { otp: () => ({ status: "MFA_REQUIRED", encryptedPayload: "sealed", multiFactors: [{ multiFactorId: "f1", multiFactorType: "totp" }] }) },
      "otp",
    );
    signer.sessions.setTemporary({ orgId: "o1", otpId: "otp-1", contact: "ada@example.com" });
    await act(() => kit.authenticate({ type: "otp", otpCode: "123456" }));
    expect(kit.getStatus()).toBe("AWAITING_MFA_AUTH");
    expect(kit.getStep()).toMatchObject({ type: "totp_verify", factorId: "f1", previousStep: "otp" });
    expect(screen.getByRole("heading", { name: "Enter authenticator app code" })).toBeTruthy();
  });

  it("§4 a headless magic link that needs a factor opens totp_verify with previousStep magicLink and the email", async () => {
    const { kit } = dialogKit({
      lookup: () => ({ orgId: "o1" }),
      auth: () => {
        throw new MfaRequiredError([{ multiFactorId: "f2", multiFactorType: "totp" }]);
      },
    });
    await act(() => kit.authenticate({ type: "email", email: "ada@example.com", emailMode: "magicLink" }).catch(() => undefined));
    expect(kit.getStep()).toEqual({ type: "totp_verify", factorId: "f2", previousStep: "magicLink", email: "ada@example.com" });
  });

  it("§4 a closed dialog is left alone", async () => {
    const { kit } = dialogKit({ lookup: () => ({ orgId: "o1" }), auth: () => ({ orgId: "o1" }) });
    act(() => kit.closeModal());
    await act(() => kit.authenticate({ type: "email", email: "ada@example.com", emailMode: "magicLink" }));
    expect(kit.isModalOpen()).toBe(false);
    expect(kit.getStep().type).toBe("initial");
  });
});

describe("§4 TOTP after a magic link", () => {
  it("§4 a correct authenticator code after a magic link ends at complete once the link signs the user in", async () => {
    const onAuthSuccess = vi.fn();
    const kit = createKit({
      plugins: [magicLink()],
      signer: { url: "http://localhost:9", emailMode: "magicLink" },
      ui: { auth: { sections: [[{ type: "email" }]] }, onAuthSuccess },
    });
    const signer = getEmbeddedSigner(kit);
    signer.frame.init = vi.fn(async () => KEY);
    const { request } = answerSignerRoutes(kit, { lookup: () => ({ orgId: "o1" }), auth: () => ({ orgId: "o1" }) });
    render(<LatchProvider kit={kit} />);
    act(() => kit.openModal({ type: "totp_verify", factorId: "f1", previousStep: "magicLink", email: "ada@example.com" }));
    typeCode("123456");
    await waitFor(() => expect(request).toHaveBeenCalledWith("auth", expect.objectContaining({ multiFactors: [{ multiFactorId: "f1", multiFactorCode: "123456" }] }), expect.anything()));
    await screen.findByRole("heading", { name: "check your email" });
    expect(onAuthSuccess).not.toHaveBeenCalled();
    // The new link is followed (here or in another tab): the user connects.
    act(() => signer.connectSession({ user: USER, sessionType: "email" }));
    expect(kit.getStep().type).toBe("complete");
    expect(onAuthSuccess).toHaveBeenCalledWith(USER);
    expect(kit.isModalOpen()).toBe(false);
  });
});

describe("§2 / §5 totp_verify", () => {
  it("§2 back on totp_verify only logs a console warning: no back button, the step stays", () => {
    const { kit } = dialogKit({});
    act(() => kit.openModal({ type: "totp_verify", factorId: "f1", previousStep: "otp" }));
    expect(screen.queryByRole("button", { name: "Back" })).toBeNull();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    act(() => kit.back());
    expect(warn).toHaveBeenCalledWith('[latch] back is not available from step "totp_verify"');
    expect(kit.getStep().type).toBe("totp_verify");
  });

  it("§5 a bad paste on totp_verify shows the invalid-OTP text, as on otp_verify", () => {
    const { kit } = dialogKit({});
    for (const step of [{ type: "totp_verify", factorId: "f1", previousStep: "otp" }, { type: "otp_verify", email: "a@b.co" }] as const) {
      act(() => kit.openModal(step as never));
      fireEvent.paste(screen.getAllByRole("textbox", { name: /Digit/ })[0]!, { clipboardData: { getData: () => "12ab56" } });
      expect(screen.getByText(INVALID_OTP), step.type).toBeTruthy();
      act(() => kit.closeModal());
    }
  });
});

describe("§5 magic-link return", () => {
  async function returnTo(withInitSession: boolean): Promise<{ kit: Kit; complete: ReturnType<typeof vi.fn> }> {
    history.replaceState(null, "", "/?bundle=b1&orgId=o1");
    const kit = createKit({ plugins: [magicLink()], signer: { url: "http://localhost:9" }, ui: { auth: { sections: [[{ type: "email" }]] } } });
    const signer = getEmbeddedSigner(kit);
    if (withInitSession) signer.sessions.setTemporary({ orgId: "o1", contact: "ada@example.com" });
    const complete = vi.fn(async () => signer.connectSession({ user: USER, sessionType: "email" }));
    signer.completeWithBundle = complete;
    signer.initialize = vi.fn(async () => undefined);
    await kit.start();
    return { kit, complete };
  }

  it("§5 'Could not find email auth init session!' when a link returns with no init session", async () => {
    const { kit, complete } = await returnTo(false);
    expect(location.search).toBe("");
    expect(complete).not.toHaveBeenCalled();
    expect(kit.getStep()).toMatchObject({ type: "initial", error: { message: "Could not find email auth init session!" } });
    expect(kit.isModalOpen()).toBe(true);
  });

  it("§5 … and completes when the init session is there", async () => {
    const { kit, complete } = await returnTo(true);
    expect(complete).toHaveBeenCalledWith(expect.objectContaining({ bundle: "b1", orgId: "o1", sessionType: "email" }));
    expect(kit.getUser()).toEqual(USER);
  });
});

describe("§4 session events", () => {
  it("§4 authenticating: email code and magic link sends are 'otp', a code submit 'otpVerify' (never 'email')", async () => {
    const { kit, signer } = dialogKit({ lookup: () => ({ orgId: "o1" }), auth: () => ({ orgId: "o1", otpId: "otp-1" }), otp: () => ({ status: "SUCCESS" }) });
    const types: string[] = [];
    kit.events.on("authenticating", ({ type }) => types.push(type));
    await act(() => kit.authenticate({ type: "email", email: "ada@example.com", emailMode: "magicLink" }));
    await act(() => kit.authenticate({ type: "email", email: "ada@example.com", emailMode: "otp" }));
    signer.sessions.setTemporary({ orgId: "o1", otpId: "otp-1" });
    await act(() => kit.authenticate({ type: "otp", otpCode: "123456" }).catch(() => undefined));
    expect(types).toEqual(["otp", "otp", "otpVerify"]);
  });
});
