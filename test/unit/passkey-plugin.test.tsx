import { describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createKit, defineAuthenticator, definePlugin, type Kit } from "latch-kit";
import { PasskeyCancelledError } from "latch-kit/plugins/passkey";
import { LatchProvider } from "latch-kit/react";
import { passkey } from "latch-kit/plugins/passkey";

// The passkey screens with the backend faked; real ceremonies run end to end in Chromium.
function setup(authenticate: () => Promise<unknown>, ui: Record<string, unknown> = {}) {
  const fake = definePlugin({
    id: "fake-passkey-backend",
    start: (kit) => kit.setStatus("DISCONNECTED"),
    authenticators: [defineAuthenticator("passkey", authenticate)],
  });
  const kit = createKit({ plugins: [passkey(), fake], ui: { auth: { sections: [[{ type: "passkey" }]] }, ...ui } });
  render(<LatchProvider kit={kit} />);
  act(() => kit.openModal());
  return kit;
}

describe("passkey sign-in", () => {
  it("'I have a passkey' goes to passkey_verify, then complete", async () => {
    let resolve!: () => void;
    const kit = setup(() => new Promise<void>((r) => (resolve = r)));
    fireEvent.click(screen.getByRole("button", { name: "I have a passkey" }));
    await screen.findByRole("heading", { name: "Continue with passkey" });
    expect(screen.queryByRole("link", { name: "Contact support" })).toBeNull();
    act(() => resolve());
    await waitFor(() => expect(kit.getStep().type).toBe("complete"));
  });

  it("Cancel returns to initial, and a late result changes nothing", async () => {
    let resolve!: () => void;
    const kit = setup(() => new Promise<void>((r) => (resolve = r)), { supportUrl: "https://example.com/help" });
    fireEvent.click(screen.getByRole("button", { name: "I have a passkey" }));
    expect((await screen.findByRole("link", { name: "Contact support" })).getAttribute("target")).toBe("_blank");
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(kit.getStep().type).toBe("initial");
    await act(async () => resolve());
    expect(kit.getStep().type).toBe("initial");
  });

  it("a cancelled or timed-out ceremony shows 'Connection failed' with Try again and Use another method", async () => {
    const authenticate = vi.fn(() => Promise.reject(new PasskeyCancelledError()));
    const kit = setup(authenticate);
    fireEvent.click(screen.getByRole("button", { name: "I have a passkey" }));
    await screen.findByRole("heading", { name: "Connection failed" });
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(authenticate).toHaveBeenCalledTimes(2));
    await screen.findByRole("heading", { name: "Connection failed" });
    fireEvent.click(screen.getByRole("button", { name: "Use another method" }));
    expect(kit.getStep().type).toBe("initial");
  });
});

describe("adding a passkey after sign-up", () => {
  const user = { type: "sca" as const, userId: "u", orgId: "o", address: "0x0000000000000000000000000000000000000001" as const };

  function signUp(kit: Kit) {
    act(() => {
      kit.setUser(user);
      kit.setStatus("CONNECTED");
      kit.events.emit("newUserSignup", undefined);
    });
  }

  it("opens passkey_create once per connection when addPasskeyOnSignup is set, and again after a disconnect", () => {
    const kit = setup(async () => undefined, { auth: { sections: [[{ type: "passkey" }]], addPasskeyOnSignup: true } });
    act(() => kit.closeModal());
    signUp(kit);
    expect(kit.getStep().type).toBe("passkey_create");
    expect(screen.getByRole("heading", { name: "Add a passkey" })).toBeTruthy();
    expect(screen.getByText("Simpler login")).toBeTruthy();
    expect(screen.getByText("Enhanced security")).toBeTruthy();
    act(() => kit.setStep({ type: "initial" }));
    signUp(kit);
    expect(kit.getStep().type).toBe("initial");
    act(() => kit.setUser(null));
    signUp(kit);
    expect(kit.getStep().type).toBe("passkey_create");
  });

  it("does not offer it without addPasskeyOnSignup", () => {
    const kit = setup(async () => undefined);
    signUp(kit);
    expect(kit.getStep().type).toBe("initial");
  });

  it("Skip tracks 'add passkey on signup skip' and completes; closing counts as complete", () => {
    const onAuthSuccess = vi.fn();
    const kit = setup(async () => undefined, { auth: { sections: [[{ type: "passkey" }]], addPasskeyOnSignup: true }, onAuthSuccess });
    const track = vi.fn();
    kit.events.on("track", track);
    signUp(kit);
    fireEvent.click(screen.getByRole("button", { name: "Skip" }));
    expect(track).toHaveBeenCalledWith({ name: "add passkey on signup skip" });
    expect(kit.getStep().type).toBe("complete");
    expect(onAuthSuccess).toHaveBeenCalledTimes(1);
    act(() => kit.openModal({ type: "passkey_create" }));
    act(() => kit.closeModal());
    expect(kit.getStep().type).toBe("complete");
    // the same sign-in: onAuthSuccess is not called again
    expect(onAuthSuccess).toHaveBeenCalledTimes(1);
  });

  it("shows 'Passkey added!' and completes after 5 s", async () => {
    const kit = setup(async () => undefined);
    vi.useFakeTimers();
    act(() => kit.setStep({ type: "passkey_create_success" }));
    expect(screen.getByRole("heading", { name: "Passkey added!" })).toBeTruthy();
    expect(screen.getByText("You can use this passkey to sign in next time.")).toBeTruthy();
    act(() => void vi.advanceTimersByTime(4999));
    expect(kit.getStep().type).toBe("passkey_create_success");
    act(() => void vi.advanceTimersByTime(2));
    expect(kit.getStep().type).toBe("complete");
    vi.useRealTimers();
  });

  it("a failed add shows 'Failed to add passkey' with Try again and Skip", () => {
    const kit = setup(async () => undefined);
    act(() => kit.setStep({ type: "passkey_create", error: new Error("nope") }));
    expect(screen.getByRole("heading", { name: "Failed to add passkey" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Skip" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Use another method" })).toBeNull();
  });
});

describe("a browser without WebAuthn", () => {
  it("refuses passkey sign-in with the spec's text, shown in the panel", async () => {
    expect(typeof (globalThis as { PublicKeyCredential?: unknown }).PublicKeyCredential).toBe("undefined");
    const kit = createKit({ plugins: [passkey()], signer: { url: "http://localhost:1" }, ui: { auth: { sections: [[{ type: "passkey" }]] } } });
    render(<LatchProvider kit={kit} />);
    act(() => kit.openModal());
    fireEvent.click(screen.getByRole("button", { name: "I have a passkey" }));
    await screen.findByText("webauthn is not supported by this browser");
    expect(screen.getByRole("button", { name: "Use another method" })).toBeTruthy();
  });
});
