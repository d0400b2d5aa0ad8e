import { afterEach, describe, expect, it, vi } from "vitest";
import {
  COOKIE_STORAGE_LIFETIME_MS,
  cookieStorage,
  createKit,
  exportWallet,
  getEmbeddedSigner,
  KeyManagementClient,
  MfaRequiredError,
  NotAuthenticatedError,
  PermissionDeniedError,
  SignerClient,
  toSignerError,
  signMessage,
  type User,
} from "latch-kit";
import { emailOtp } from "latch-kit/plugins/email-otp";
import { PasskeyCancelledError } from "latch-kit/plugins/passkey";
import { getEmailMode } from "../../../lib/sign-in/actions/getEmailMode";

/** The body is not read: the answers are the test's own. */
const EXPORT_BODY = { type: "ACTIVITY_TYPE_EXPORT_WALLET", timestampMs: 1, organizationId: "o", parameters: { walletId: "w", targetPublicKey: "04" } } as const;

// Spec conformance rows about the embedded signer engine (test/CONFORMANCE.md maps each row here).
// The sandboxed frames are @turnkey/iframe-stamper's: replaced by a fake that records how it is made
// and answers the injections as the test says.
const frames = vi.hoisted(() => ({
  made: [] as Array<{ iframeUrl: string; iframeContainer: HTMLElement; iframeElementId: string }>,
  injects: true,
}));
vi.mock("@turnkey/iframe-stamper", () => ({
  KeyFormat: { Hexadecimal: "HEXADECIMAL" },
  IframeStamper: class {
    iframe = document.createElement("iframe");
    constructor(options: { iframeUrl: string; iframeContainer: HTMLElement; iframeElementId: string }) {
      frames.made.push(options);
    }
    init = async () => `04${"ab".repeat(64)}`;
    injectCredentialBundle = async () => frames.injects;
    injectWalletExportBundle = async () => frames.injects;
    injectKeyExportBundle = async () => frames.injects;
    stamp = async () => ({ stampHeaderName: "X-Stamp", stampHeaderValue: "s" });
    clearEmbeddedKey = async () => undefined;
    clear = () => undefined;
  },
}));

const SIGNER = "http://localhost:9";
const USER: User = { type: "sca", userId: "u1", orgId: "o1", address: "0x00000000000000000000000000000000000000aa" };
const stamper = () => ({ stamp: async () => ({ stampHeaderName: "X-Stamp", stampHeaderValue: "s" }) });
const activityFetch = (statuses: string[], result: Record<string, unknown> = {}) => {
  const bodies: Array<{ url: string; body: Record<string, unknown> }> = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    bodies.push({ url: String(url), body: JSON.parse(init!.body as string) as Record<string, unknown> });
    const status = statuses[Math.min(bodies.length - 1, statuses.length - 1)]!;
    return new Response(JSON.stringify({ activity: { id: "act-1", status, result } }));
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, bodies };
};

afterEach(() => {
  frames.made.length = 0;
  frames.injects = true;
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

describe("§4 session", () => {
  it("§4 failing to load a user from a stored session clears the session", async () => {
    const kit = createKit({ plugins: [emailOtp()], signer: { url: SIGNER } });
    localStorage.setItem(
      "latch-signer-session",
      JSON.stringify({ type: "otp", user: USER, bundle: "b", expirationDateMs: Date.now() + 60_000 }),
    );
    const signer = getEmbeddedSigner(kit);
    signer.client.request = vi.fn(async () => {
      throw new Error("whoami refused");
    }) as never;
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    await signer.initialize();
    expect(signer.client.request).toHaveBeenCalledWith("whoami", expect.anything(), expect.anything());
    expect(localStorage.getItem("latch-signer-session")).toBeNull();
    expect(kit.getUser()).toBeNull();
    expect(kit.getStatus()).toBe("DISCONNECTED");
  });
});

describe("§4 activity polling", () => {
  it.each(["ACTIVITY_STATUS_FAILED", "ACTIVITY_STATUS_REJECTED", "ACTIVITY_STATUS_CONSENSUS_NEEDED"])("§4 %s throws", async (status) => {
    const { fetch } = activityFetch([status]);
    const client = new KeyManagementClient(SIGNER, stamper, { requestTimeoutMs: 1000, activityTimeoutMs: 60_000 }, fetch);
    const word = status.replace("ACTIVITY_STATUS_", "").toLowerCase();
    await expect(client.submitActivity("export_wallet", EXPORT_BODY)).rejects.toThrow(`Activity act-1 ${word}`);
  });

  it("§9 activity poll interval 500 ms: a pending activity is re-polled every 500 ms until COMPLETED", async () => {
    vi.useFakeTimers();
    const { fetch, bodies } = activityFetch(["ACTIVITY_STATUS_PENDING", "ACTIVITY_STATUS_PENDING", "ACTIVITY_STATUS_COMPLETED"], { ok: 1 });
    const client = new KeyManagementClient(SIGNER, stamper, { requestTimeoutMs: 60_000, activityTimeoutMs: 60_000 }, fetch);
    const done = client.submitActivity("export_wallet", EXPORT_BODY);
    await vi.advanceTimersByTimeAsync(0);
    expect(bodies).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(499);
    expect(bodies).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toEqual({ url: `${SIGNER}/public/v1/query/get_activity`, body: { organizationId: "o", activityId: "act-1" } });
    await vi.advanceTimersByTimeAsync(500);
    await expect(done).resolves.toMatchObject({ status: "ACTIVITY_STATUS_COMPLETED", result: { ok: 1 } });
    expect(bodies).toHaveLength(3);
  });
});

describe("§9 frames", () => {
  it("§9 hidden iframe container id '…-iframe-container' and auth iframe element id provider + '-iframe' by default", async () => {
    const kit = createKit({ plugins: [emailOtp()], signer: { url: SIGNER } });
    await getEmbeddedSigner(kit).frame.init();
    const container = document.getElementById("latch-signer-iframe-container")!;
    expect(container.style.display).toBe("none");
    expect(frames.made[0]).toMatchObject({ iframeUrl: `${SIGNER}/frames/auth`, iframeContainer: container, iframeElementId: "turnkey-iframe" });
  });

  it("§8 'Failed to inject credential bundle' when the auth frame refuses the bundle", async () => {
    frames.injects = false;
    const kit = createKit({ plugins: [emailOtp()], signer: { url: SIGNER } });
    await expect(getEmbeddedSigner(kit).frame.injectCredentialBundle("bundle")).rejects.toThrow("Failed to inject credential bundle");
  });

  function exportSetup(activity: Record<string, unknown> | null, wallets = [{ walletId: "w1" }]) {
    const kit = createKit({ plugins: [emailOtp()], signer: { url: SIGNER } });
    const signer = getEmbeddedSigner(kit);
    kit.setUser(USER);
    document.body.innerHTML = '<div id="turnkey-export-iframe-container"></div>';
    signer.keyManagement.request = vi.fn(async () => ({ wallets })) as never;
    signer.keyManagement.submitActivity = vi.fn(async () => ({ id: "a", status: "ACTIVITY_STATUS_COMPLETED", result: activity ?? {} })) as never;
    return signer;
  }

  it("§5/§8 the wallet export bundle must inject successfully: 'Failed to inject wallet export bundle'", async () => {
    frames.injects = false;
    await expect(exportWallet(exportSetup({ exportWalletResult: { exportBundle: "sealed" } }))).rejects.toThrow("Failed to inject wallet export bundle");
    await expect(exportWallet(exportSetup({}))).rejects.toThrow("Failed to inject wallet export bundle");
    frames.injects = true;
    await expect(exportWallet(exportSetup({ exportWalletResult: { exportBundle: "sealed" } }))).resolves.toBe(true);
  });

  it("a passkey step-up the user cancels rejects the export as cancelled, not as a failed injection", async () => {
    const signer = exportSetup({ exportWalletResult: { exportBundle: "sealed" } });
    signer.stepUp = vi.fn(async () => {
      throw new PasskeyCancelledError(new DOMException("The operation either timed out or was not allowed.", "NotAllowedError"));
    }) as never;
    await expect(exportWallet(signer)).rejects.toBeInstanceOf(PasskeyCancelledError);
  });

  it("§8 'Could not find wallet associated with {address}' when the organisation has no wallet", async () => {
    await expect(exportWallet(exportSetup(null, []))).rejects.toThrow(`Could not find wallet associated with ${USER.address}`);
  });
});

describe("§7 signer calls and §9 defaults", () => {
  it("§7 /v1/signer-config is posted with no payload, and §9 the email mode defaults to OTP", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ email: {} })));
    vi.stubGlobal("fetch", fetch);
    const kit = createKit({ plugins: [emailOtp()], signer: { url: SIGNER } });
    await expect(getEmailMode(kit)).resolves.toBe("otp");
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`${SIGNER}/signer/v1/signer-config`);
    expect(init.method).toBe("POST");
    expect(JSON.parse(init.body as string)).toEqual({});
  });

  it("§8 an action without a user: 'Signer not authenticated' / 'Please authenticate to use this signer'", async () => {
    const kit = createKit({ plugins: [emailOtp()], signer: { url: SIGNER } });
    const error = await Promise.resolve()
      .then(() => getEmbeddedSigner(kit).requireUser())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotAuthenticatedError);
    expect(error).toMatchObject({ message: "Signer not authenticated", docs: "Please authenticate to use this signer" });
    kit.setUser(USER);
    kit.setUser(null);
    await expect(signMessage(kit, { message: "hi" })).rejects.toThrow();
  });

  it("§9 cookie storage lifetime 3456e7 ms (about 400 days)", () => {
    vi.useFakeTimers({ now: new Date("2026-01-01T00:00:00Z") });
    const written: string[] = [];
    const cookies = cookieStorage();
    const set = vi.spyOn(document, "cookie", "set").mockImplementation((v: string) => void written.push(v));
    cookies.setItem("latch-signer-session", "{}");
    set.mockRestore();
    expect(COOKIE_STORAGE_LIFETIME_MS).toBe(3456e7);
    const expires = /expires=([^;]+)/.exec(written[0]!)![1]!;
    expect(Date.parse(expires) - Date.parse("2026-01-01T00:00:00Z")).toBe(3456e7);
  });
});

describe("§8 permission denied", () => {
  const PERMISSION_DENIED = "The request is currently not allowed by the agent or the platform. Try again later.";
  const refusal = { code: "ORIGIN_NOT_ALLOWED", message: "Origin https://evil.test is not an allowed app origin" };

  it("§8 a signer call the backend refuses for a policy reason (403) raises PermissionDeniedError, the reason kept", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify(refusal), { status: 403 }));
    const client = new SignerClient({ url: SIGNER, fetch });
    const error = await client.request("lookup", { email: "a@b.co" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(error).toMatchObject({ name: "PermissionDeniedError", message: PERMISSION_DENIED, status: 403, code: "ORIGIN_NOT_ALLOWED", cause: { message: refusal.message } });
  });

  it("§8 … and so does a key-management call", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ code: "USER_NOT_IN_ORGANIZATION", message: "User u2 is not the user of organization o1" }), { status: 403 }));
    const client = new KeyManagementClient(SIGNER, stamper, { requestTimeoutMs: 1000, activityTimeoutMs: 1000 }, fetch as unknown as typeof globalThis.fetch);
    await expect(client.request("query/list_wallets", { organizationId: "o1" })).rejects.toMatchObject({
      name: "PermissionDeniedError",
      message: PERMISSION_DENIED,
      code: "USER_NOT_IN_ORGANIZATION",
    });
  });

  it("§8 a 403 carrying the factors is still the MFA-required error", () => {
    const error = toSignerError(403, JSON.stringify({ code: "MFA_REQUIRED", message: "x", data: { multiFactors: [{ multiFactorId: "f1", multiFactorType: "totp" }] } }));
    expect(error).toBeInstanceOf(MfaRequiredError);
  });
});
