// Spec figures that a mutation once changed with the suite staying green (issue 34): each test here
// fails if its duration or text moves, on a fake clock where the spec gives a duration.
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { createKit, defineAuthenticator, definePlugin, SessionManager, type Kit, type User } from "latch-kit";
import { LatchProvider } from "latch-kit/react";
import { emailOtp } from "latch-kit/plugins/email-otp";
import { magicLink } from "latch-kit/plugins/magic-link";

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Email code and link sign-in whose backend calls answer as the test says (`otp` may be left pending). */
function kitWith(otp: () => Promise<unknown> = async () => ({ status: "SUCCESS" })): Kit {
  const backend = definePlugin({
    id: "fake-backend",
    start: (kit) => kit.setStatus("DISCONNECTED"),
    authenticators: [defineAuthenticator("email", async () => ({ orgId: "o" })), defineAuthenticator("otp", otp)],
  });
  const kit = createKit({ plugins: [emailOtp(), magicLink(), backend], signer: { url: "http://localhost:9" }, ui: { auth: { sections: [[{ type: "email" }]] } } });
  render(<LatchProvider kit={kit} />);
  return kit;
}

const typeCode = (code: string) =>
  code.split("").forEach((d, i) => fireEvent.change(screen.getAllByRole("textbox", { name: /Digit/ })[i]!, { target: { value: d } }));

describe("§4 resend: 'resent' for 2 seconds", () => {
  for (const step of [
    { type: "otp_verify", email: "ada@example.com", status: "base" },
    { type: "email_verify", email: "ada@example.com" },
  ] as const) {
    it(`shows 'resent', disabled, for exactly 2000 ms on ${step.type}`, async () => {
      vi.useFakeTimers();
      const kit = kitWith();
      act(() => kit.openModal(step as never));
      const label = step.type === "otp_verify" ? "Resend code" : "Resend link";
      await act(async () => fireEvent.click(screen.getByRole("button", { name: label })));
      await act(async () => void (await vi.advanceTimersByTimeAsync(1999)));
      expect(screen.getByRole("button", { name: "resent" }).hasAttribute("disabled")).toBe(true);
      await act(async () => void (await vi.advanceTimersByTimeAsync(1)));
      expect(screen.getByRole("button", { name: label }).hasAttribute("disabled")).toBe(false);
    });
  }
});

describe("§4 the code screen's titles and its close after success", () => {
  it("reads 'Verifying code' while the code verifies, then 'Verified'", async () => {
    let answer: (value: unknown) => void = () => undefined;
    const kit = kitWith(() => new Promise((resolve) => (answer = resolve)));
    act(() => kit.openModal({ type: "otp_verify", email: "ada@example.com", status: "base" }));
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("Enter the code sent to");
    await act(async () => typeCode("123456"));
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("Verifying code");
    await act(async () => answer({ status: "SUCCESS" }));
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("Verified");
  });

  it("closes (complete) exactly 1000 ms after success", async () => {
    vi.useFakeTimers();
    const kit = kitWith();
    act(() => kit.openModal({ type: "otp_verify", email: "ada@example.com", status: "base" }));
    await act(async () => typeCode("123456"));
    await act(async () => void (await vi.advanceTimersByTimeAsync(0)));
    expect(kit.getStep()).toMatchObject({ type: "otp_verify", status: "success" });
    await act(async () => void (await vi.advanceTimersByTimeAsync(999)));
    expect(kit.getStep().type).toBe("otp_verify");
    await act(async () => void (await vi.advanceTimersByTimeAsync(1)));
    expect(kit.isModalOpen()).toBe(false);
  });
});

describe("§4 the session ends on window focus if it has expired", () => {
  it("a focus after the expiry ends it, even before the expiry timer has run", () => {
    vi.useFakeTimers();
    const onEnd = vi.fn();
    const user: User = { type: "sca", userId: "u1", orgId: "o1", address: "0x0000000000000000000000000000000000000001" };
    const sessions = new SessionManager({ storage: "local", sessionKey: "pinned-session", expirationTimeMs: 60_000, onEnd });
    sessions.create("otp", user);
    // The machine slept: the wall clock moved on, the timer has not fired.
    vi.setSystemTime(Date.now() + 61_000);
    expect(onEnd).not.toHaveBeenCalled();
    window.dispatchEvent(new Event("focus"));
    expect(onEnd).toHaveBeenCalledTimes(1);
    sessions.clear();
  });
});
