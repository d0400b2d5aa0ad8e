// Every public async action takes an AbortSignal: against a backend that never answers, aborting
// rejects at once with the signal's reason (an AbortError by default) and aborts the request itself.
import { afterEach, describe, expect, it, vi } from "vitest";
import { createAccount, createKit, defineAuthenticator, definePlugin, getEmbeddedSigner, importWallet, isAbortError, signMessage, signTypedData, type Kit } from "latch-kit";
import { emailOtp, submitOtpCode } from "latch-kit/plugins/email-otp";
import { removePasskey } from "../../plugins/passkey/actions/removePasskey";
import { getMfaFactors } from "../../lib/mfa/actions/getMfaFactors";
import { verifyMfa } from "../../lib/mfa/actions/verifyMfa";
import { addOauthProvider, removeOauthProvider } from "../../plugins/oauth/actions";
import { getAccountChanges } from "../../lib/sign-in/contact";

const FRAME_KEY = `04${"ab".repeat(64)}`;

/** A backend that never answers: each request hangs until its signal aborts. */
function neverAnswering() {
  const signals: AbortSignal[] = [];
  const fetch = vi.fn(
    (_url: string | URL | Request, init?: RequestInit) =>
      new Promise<Response>((_, reject) => {
        signals.push(init!.signal!);
        init!.signal!.addEventListener("abort", () => reject(init!.signal!.reason));
      }),
  );
  vi.stubGlobal("fetch", fetch);
  return { signals, fetch };
}

function signerKit(): Kit {
  const kit = createKit({ plugins: [emailOtp()], signer: { url: "http://127.0.0.1:9" } });
  vi.spyOn(getEmbeddedSigner(kit).frame, "init").mockResolvedValue(FRAME_KEY);
  return kit;
}

/** A signed-in embedded user whose requests are stamped by a stand-in stamper. */
function signedIn(kit: Kit) {
  getEmbeddedSigner(kit).connectSession({
    user: { type: "sca", orgId: "org-1", userId: "user-1", address: "0x1111111111111111111111111111111111111111" },
    sessionType: "otp",
    stamper: { stamp: async () => ({ stampHeaderName: "X-Stamp", stampHeaderValue: "s" }) },
  });
}

/** Starts `run` with a fresh signal, waits until the backend got the request, aborts, and returns what `run` rejected with. */
async function abortWhilePending(backend: ReturnType<typeof neverAnswering>, run: (signal: AbortSignal) => Promise<unknown>): Promise<unknown> {
  const controller = new AbortController();
  const pending = run(controller.signal).then(
    () => "resolved",
    (error: unknown) => error,
  );
  await vi.waitFor(() => expect(backend.signals.length).toBeGreaterThan(0));
  controller.abort();
  const outcome = await pending;
  expect(backend.signals.every((signal) => signal.aborted)).toBe(true);
  return outcome;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("AbortSignal on the public actions", () => {
  it("kit.authenticate (email): aborting stops the request and rejects with an AbortError; the status leaves AUTHENTICATING", async () => {
    const backend = neverAnswering();
    const kit = signerKit();
    const error = await abortWhilePending(backend, (signal) => kit.authenticate({ type: "email", email: "ada@example.com", emailMode: "otp", signal }));
    expect(isAbortError(error)).toBe(true);
    expect(error).toMatchObject({ name: "AbortError" });
    await vi.waitFor(() => expect(kit.getStatus()).toBe("DISCONNECTED"));
  });

  it("submitOtpCode: aborting stops the otp request", async () => {
    const backend = neverAnswering();
    const kit = signerKit();
    getEmbeddedSigner(kit).sessions.setTemporary({ orgId: "org-1", otpId: "otp-1", isNewUser: false, contact: "ada@example.com" });
    const error = await abortWhilePending(backend, (signal) => submitOtpCode(kit, { otpCode: "123456", signal }));
    expect(isAbortError(error)).toBe(true);
  });

  it("signMessage and signTypedData: aborting stops the signing request", async () => {
    const backend = neverAnswering();
    const kit = signerKit();
    signedIn(kit);
    expect(isAbortError(await abortWhilePending(backend, (signal) => signMessage(kit, { message: "hello", signal })))).toBe(true);
    const typedData = { domain: { name: "Latch" }, types: { Mail: [{ name: "body", type: "string" }] }, primaryType: "Mail", message: { body: "hi" } } as const;
    expect(isAbortError(await abortWhilePending(backend, (signal) => signTypedData(kit, typedData, { signal })))).toBe(true);
  });

  it("key-management actions (removePasskey) and second-factor actions (getMfaFactors, verifyMfa): aborting stops the request", async () => {
    const backend = neverAnswering();
    const kit = signerKit();
    signedIn(kit);
    expect(isAbortError(await abortWhilePending(backend, (signal) => removePasskey(kit, { authenticatorId: "a-1", signal })))).toBe(true);
    expect(isAbortError(await abortWhilePending(backend, (signal) => getMfaFactors(kit, { signal })))).toBe(true);
    expect(isAbortError(await abortWhilePending(backend, (signal) => verifyMfa(kit, { multiFactorId: "f-1", multiFactorCode: "123456" }, { signal })))).toBe(true);
    expect(isAbortError(await abortWhilePending(backend, (signal) => removeOauthProvider(kit, "p-1", { signal })))).toBe(true);
    expect(isAbortError(await abortWhilePending(backend, (signal) => addOauthProvider(kit, { providerName: "google", oidcToken: "t", signal })))).toBe(true);
  });

  it("email and phone changes (sendVerificationCode, setEmail, removeEmail, removePhone): aborting stops the request", async () => {
    const backend = neverAnswering();
    const kit = signerKit();
    signedIn(kit);
    const changes = getAccountChanges(kit);
    expect(isAbortError(await abortWhilePending(backend, (signal) => changes.sendVerificationCode({ type: "email", contact: "new@example.com" }, { signal })))).toBe(true);
    expect(isAbortError(await abortWhilePending(backend, (signal) => changes.setEmail({ verificationCode: "123456", otpId: "otp-1" }, { signal })))).toBe(true);
    expect(isAbortError(await abortWhilePending(backend, (signal) => changes.removeEmail({ signal })))).toBe(true);
    expect(isAbortError(await abortWhilePending(backend, (signal) => changes.removePhone({ signal })))).toBe(true);
  });

  it("an already aborted signal rejects before any request is made; a caller's own reason is kept", async () => {
    const backend = neverAnswering();
    const kit = signerKit();
    await expect(createAccount(kit, { type: "email", email: "new@example.com" }, { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: "AbortError" });
    signedIn(kit);
    await expect(kit.authenticate({ type: "email", email: "ada@example.com", signal: AbortSignal.abort() })).rejects.toMatchObject({ name: "AbortError" });
    await expect(signMessage(kit, { message: "x", signal: AbortSignal.abort(new Error("left the page")) })).rejects.toThrow("left the page");
    expect(backend.fetch).not.toHaveBeenCalled();
  });

  it("kit.authenticate settles at the abort even when a method ignores its signal", async () => {
    const ignoring = definePlugin({
      id: "ignores-signal",
      authenticators: [defineAuthenticator("email", () => new Promise<never>(() => undefined))],
    });
    const kit = createKit({ plugins: [ignoring] });
    const controller = new AbortController();
    const pending = kit.authenticate({ type: "email", email: "ada@example.com", signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
  });
});

describe("createAccount", () => {
  it("a sign-up the backend never answers is given up on at once", async () => {
    neverAnswering();
    const kit = signerKit();
    const controller = new AbortController();
    const creating = createAccount(kit, { type: "email", email: "new@example.com" }, { signal: controller.signal });
    controller.abort();
    await expect(creating).rejects.toMatchObject({ name: "AbortError" });
  });

  it("importWallet: a missing container is a clear error; aborting while the frame loads rejects at once and removes the frame", async () => {
    neverAnswering();
    const kit = signerKit();
    signedIn(kit);
    await expect(importWallet(kit)).rejects.toThrow('No element with id "turnkey-import-iframe-container" to hold the import frame');
    const container = document.createElement("div");
    container.id = "turnkey-import-iframe-container";
    document.body.appendChild(container);
    try {
      const controller = new AbortController();
      const pending = importWallet(kit, { signal: controller.signal }).then(() => "resolved", (error: unknown) => error);
      expect(container.querySelector("iframe#turnkey-import-iframe")).not.toBeNull();
      controller.abort();
      expect(isAbortError(await pending)).toBe(true);
      expect(container.querySelector("iframe")).toBeNull();
      await expect(importWallet(kit, { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: "AbortError" });
      expect(container.querySelector("iframe")).toBeNull();
    } finally {
      container.remove();
    }
  });
});
