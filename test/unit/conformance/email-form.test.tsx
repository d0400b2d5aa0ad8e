import { afterEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { createKit, defineAuthenticator, definePlugin } from "latch-kit";
import { LatchProvider } from "latch-kit/react";
import { emailOtp } from "latch-kit/plugins/email-otp";
import type { EmailValidator } from "../../../lib/sign-in/useEmailForm";

// Issue 22's partial item on the email form (test/CONFORMANCE.md): sync then async validation,
// debounced; submit blocked on field or form errors; the fallback form error 'Invalid Form Values'.
function renderForm(validate: EmailValidator) {
  const email = vi.fn(async () => ({ orgId: "o" }));
  const backend = definePlugin({
    id: "fake-backend",
    start: (kit) => kit.setStatus("DISCONNECTED"),
    authenticators: [defineAuthenticator("email", email), defineAuthenticator("otp", async () => ({ status: "SUCCESS" }))],
  });
  const kit = createKit({ plugins: [emailOtp(), backend], signer: { emailMode: "otp" }, ui: { auth: { sections: [[{ type: "email", validate }]] } } });
  render(<LatchProvider kit={kit} />);
  act(() => kit.openModal());
  return { kit, email };
}

const field = () => screen.getByRole("textbox", { name: "Email" });
const submit = () => screen.getByRole("button", { name: "Continue" });
const type = (value: string) => fireEvent.change(field(), { target: { value } });

afterEach(() => vi.useRealTimers());

describe("§5 the email form", () => {
  it("§5 sync then async validation, debounced: only an address the field accepts is checked, once typing pauses", async () => {
    vi.useFakeTimers();
    const validate = vi.fn<EmailValidator>(async () => undefined);
    renderForm(validate);
    type("ada@");
    expect(screen.getByText("Must provide a valid email.")).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(validate).not.toHaveBeenCalled();
    type("ada@example.co");
    await act(() => vi.advanceTimersByTimeAsync(300));
    type("ada@example.com");
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(validate).not.toHaveBeenCalled();
    expect(submit().hasAttribute("disabled")).toBe(true); // the async check has not answered
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(validate).toHaveBeenCalledTimes(1);
    expect(validate.mock.calls[0]![0]).toBe("ada@example.com");
    expect(submit().hasAttribute("disabled")).toBe(false);
  });

  it("§5 submit is blocked by a field error the async check gives, shown on the field", async () => {
    vi.useFakeTimers();
    const { email } = renderForm(async (address) => (address.endsWith("@example.com") ? "Use your work email" : undefined));
    type("ada@example.com");
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(screen.getByText("Use your work email")).toBeTruthy();
    expect(field().getAttribute("aria-invalid")).toBe("true");
    expect(submit().hasAttribute("disabled")).toBe(true);
    fireEvent.submit(field().closest("form")!);
    expect(email).not.toHaveBeenCalled();
    type("ada@acme.test");
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(screen.queryByText("Use your work email")).toBeNull();
    fireEvent.click(submit());
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(email).toHaveBeenCalledTimes(1);
  });

  it("§5 a check that fails without saying why is the form's generic error 'Invalid Form Values', and blocks submit", async () => {
    vi.useFakeTimers();
    const { email } = renderForm(async () => {
      throw new Error("allow-list unreachable");
    });
    type("ada@example.com");
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(screen.getByRole("alert").textContent).toBe("Invalid Form Values");
    expect(submit().hasAttribute("disabled")).toBe(true);
    fireEvent.submit(field().closest("form")!);
    expect(email).not.toHaveBeenCalled();
  });
});
