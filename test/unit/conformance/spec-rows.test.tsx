// Spec rows that were implemented but that no test pinned (test/conformance/REQUIREMENTS.md): the
// magic-link completing screen, passkey_create's support link, when popup sign-in is prepared, how
// the emailMode option reads, a failed social sign-in keeping the status, the mobile wallet's codes.
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, render, screen, waitFor } from "@testing-library/react";
import { createKit, getEmbeddedSigner, type User } from "latch-kit";
import { LatchProvider } from "latch-kit/react";
import { magicLink } from "latch-kit/plugins/magic-link";
import { passkey } from "latch-kit/plugins/passkey";
import { getOauthService, oauth } from "latch-kit/plugins/oauth";
import { MOBILE_WALLET_ERROR_CODES, MOBILE_WALLET_PROTOCOL_CODES } from "latch-kit/plugins/mobile";
import { toEmailMode } from "../../../lib/sign-in/signer-options";

const USER: User = { type: "sca", userId: "u1", orgId: "o1", address: "0x00000000000000000000000000000000000000aa" };

afterEach(() => {
  vi.restoreAllMocks();
  history.replaceState(null, "", "/");
});

describe("§2 email_completing", () => {
  it("§2 email_completing shows a loading indicator with a completing message, and moves to complete once connected", async () => {
    history.replaceState(null, "", "/?bundle=b1&orgId=o1");
    const kit = createKit({ plugins: [magicLink()], signer: { url: "http://localhost:9" }, ui: { auth: { sections: [[{ type: "email" }]] } } });
    const signer = getEmbeddedSigner(kit);
    signer.sessions.setTemporary({ orgId: "o1", contact: "ada@example.com" });
    let connect!: () => void;
    signer.completeWithBundle = vi.fn(() => new Promise<User>((resolve) => (connect = () => resolve(signer.connectSession({ user: USER, sessionType: "email" })))));
    signer.initialize = vi.fn(async () => undefined);
    render(<LatchProvider kit={kit} />);
    const started = kit.start();
    await waitFor(() => expect(kit.getStep().type).toBe("email_completing"));
    expect(screen.getByRole("heading", { name: "Completing your sign in" })).toBeTruthy();
    expect(screen.getByRole("status")).toBeTruthy();
    expect(kit.getUser()).toBeNull();
    await act(async () => {
      connect();
      await started;
    });
    expect(kit.getUser()).toEqual(USER);
    expect(kit.getStep().type).toBe("complete");
  });
});

describe("§2 passkey_create", () => {
  const openAt = (ui: Record<string, unknown>) => {
    const kit = createKit({ plugins: [passkey()], ui: { auth: { sections: [[{ type: "passkey" }]] }, ...ui } });
    const { unmount } = render(<LatchProvider kit={kit} />);
    act(() => kit.openModal({ type: "passkey_create" }));
    expect(screen.getByRole("heading", { name: "Add a passkey" })).toBeTruthy();
    return unmount;
  };

  it("§2 passkey_create has a contact-support link (new tab) only if a support URL is configured", () => {
    const unmount = openAt({});
    expect(screen.queryByRole("link", { name: "Contact support" })).toBeNull();
    unmount();
    openAt({ supportUrl: "https://help.example" });
    const link = screen.getByRole("link", { name: "Contact support" });
    expect([link.getAttribute("href"), link.getAttribute("target")]).toEqual(["https://help.example", "_blank"]);
  });
});

describe("§2 popup social sign-in", () => {
  const popupEnabled = (sections: Record<string, unknown>[][], signer: Record<string, unknown> = {}) =>
    getOauthService(createKit({ plugins: [oauth()], signer: { url: "http://localhost:9", ...signer }, ui: { auth: { sections: sections as never } } })).popupEnabled;

  it("§2 popup social login is enabled when any auth section has a social entry in popup mode (else by enablePopupOauth, default false)", () => {
    expect(popupEnabled([[{ type: "social", authProviderId: "google", mode: "redirect" }]])).toBe(false);
    expect(popupEnabled([[{ type: "social", authProviderId: "google", mode: "redirect" }], [{ type: "social", authProviderId: "apple", mode: "popup" }]])).toBe(true);
    expect(popupEnabled([[{ type: "social", authProviderId: "google", mode: "redirect" }]], { enablePopupOauth: true })).toBe(true);
  });
});

describe("§3 email config", () => {
  it("§3 the client option emailMode 'magicLink' maps to MAGIC_LINK (links), anything else to OTP (codes)", () => {
    expect(toEmailMode("magicLink")).toBe("magicLink");
    for (const other of ["otp", "OTP", "magic-link", "MAGIC_LINK", ""]) expect(toEmailMode(other), other).toBe("otp");
    expect(toEmailMode(undefined)).toBeUndefined();
  });
});

describe("§4 a failed social sign-in", () => {
  it("§4 for oauth types the status is kept: a signed-in user whose social attempt fails stays CONNECTED; a signed-out one is DISCONNECTED", async () => {
    const kit = createKit({ plugins: [oauth()], signer: { url: "http://localhost:9" } });
    // Popup mode without a preparation fails at once (no window, no request).
    const attempt = () => kit.authenticate({ type: "oauth", authProviderId: "google", mode: "popup" });
    kit.setStatus("DISCONNECTED");
    await expect(attempt()).rejects.toThrow();
    expect(kit.getStatus()).toBe("DISCONNECTED");
    kit.setUser(USER);
    kit.setStatus("CONNECTED");
    await expect(attempt()).rejects.toThrow();
    expect([kit.getStatus(), kit.getUser()]).toEqual(["CONNECTED", USER]);
    expect(getEmbeddedSigner(kit).state.error).toBeInstanceOf(Error);
  });
});

describe("§8 mobile wallet codes", () => {
  it("§8 mobile wallet error codes: the nine of the spec's catalogue", () => {
    expect(Object.keys(MOBILE_WALLET_ERROR_CODES)).toEqual([
      "associationPortOutOfRange",
      "reflectorIdOutOfRange",
      "forbiddenWalletBaseUrl",
      "secureContextRequired",
      "sessionClosed",
      "sessionTimeout",
      "walletNotFound",
      "invalidProtocolVersion",
      "browserNotSupported",
    ]);
  });

  it("§8 mobile wallet protocol codes: authorization failed -1, invalid payloads -2, not signed -3, not submitted -4, too many payloads -5, attest origin android -100", () => {
    expect(MOBILE_WALLET_PROTOCOL_CODES).toEqual({ authorizationFailed: -1, invalidPayloads: -2, notSigned: -3, notSubmitted: -4, tooManyPayloads: -5, attestOriginAndroid: -100 });
  });
});
