import { afterEach, describe, expect, it, vi } from "vitest";
import { createAccount, createKit, getEmbeddedSigner, type KitConfig } from "latch-kit";
import { emailOtp } from "latch-kit/plugins/email-otp";
import { magicLink } from "latch-kit/plugins/magic-link";
import { sms } from "latch-kit/plugins/sms";
import { passkey } from "latch-kit/plugins/passkey";
import { answerSignerRoutes } from "./signer-routes";
import { fakeWebauthn } from "./fake-webauthn";

// Issue 22's partial item: createAccount as an operation, by email, sms or passkey (always a
// sign-up); access-key sign-up refused (test/CONFORMANCE.md).
const KEY = `04${"cd".repeat(64)}`;

function kitWith(plugins: NonNullable<KitConfig["plugins"]>, signer: Record<string, unknown> = {}) {
  const kit = createKit({ plugins, signer: { url: "http://localhost:9", ...signer } });
  getEmbeddedSigner(kit).frame.init = vi.fn(async () => KEY);
  return answerSignerRoutes(kit, {
    signup: () => ({ orgId: "o-new", otpId: "otp-1" }),
    lookup: () => ({ orgId: "o-existing" }),
    whoami: () => ({ orgId: "o-new", userId: "u1", address: "0x00000000000000000000000000000000000000aa" }),
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, "credentials");
});

describe("§5 createAccount", () => {
  it("§5 by email: a sign-up (no lookup), the code sent, status awaiting OTP auth", async () => {
    const { kit, request } = kitWith([emailOtp()], { emailMode: "otp" });
    await expect(createAccount(kit, { type: "email", email: "ada@example.com" })).resolves.toEqual({ orgId: "o-new", otpId: "otp-1", isNewUser: true });
    expect(request.mock.calls.map(([route]) => route)).toEqual(["signup"]);
    expect(request.mock.calls[0]![1]).toMatchObject({ email: "ada@example.com", emailMode: "otp", targetPublicKey: KEY });
    expect(kit.getStatus()).toBe("AWAITING_OTP_AUTH");
  });

  it("§5 by email in magic-link mode: the sign-up flag rides in the redirect params", async () => {
    const { kit, request } = kitWith([magicLink()]);
    await createAccount(kit, { type: "email", email: "ada@example.com", emailMode: "magicLink" });
    const body = request.mock.calls[0]![1] as { redirectParams: string };
    expect(request.mock.calls[0]![0]).toBe("signup");
    expect(new URLSearchParams(body.redirectParams).get("latch-is-signup")).toBe("true");
    expect(kit.getStatus()).toBe("AWAITING_EMAIL_AUTH");
  });

  it("§5 by sms: a sign-up for the phone", async () => {
    const { kit, request } = kitWith([sms()]);
    await createAccount(kit, { type: "sms", phone: "+14155550100" });
    expect(request.mock.calls.map(([route]) => route)).toEqual(["signup"]);
    expect(request.mock.calls[0]![1]).toMatchObject({ phone: "+14155550100" });
    expect(kit.getStatus()).toBe("AWAITING_SMS_AUTH");
  });

  it("§5 by passkey: a new passkey, then signup with it", async () => {
    const { create } = fakeWebauthn(["internal"]);
    const { kit, request } = kitWith([passkey()]);
    await createAccount(kit, { type: "passkey" });
    expect(create).toHaveBeenCalledTimes(1);
    expect(request.mock.calls.map(([route]) => route)).toEqual(["signup", "whoami"]);
    expect(kit.getStatus()).toBe("CONNECTED");
  });

  it("§5 access-key sign-up is unsupported: a clear error, nothing sent", async () => {
    const { kit, request } = kitWith([emailOtp(), sms(), passkey()]);
    await expect(createAccount(kit, { type: "accessKey", publicKey: "04ab", accountId: "a1" } as never)).rejects.toMatchObject({
      name: "UnsupportedFeatureError",
      message: "Sign-up by accessKey not supported by this signer",
    });
    expect(request).not.toHaveBeenCalled();
  });

  it("§5 a way whose plugin is not installed is refused the same way", async () => {
    const { kit } = kitWith([emailOtp()]);
    await expect(createAccount(kit, { type: "sms", phone: "+14155550100" })).rejects.toThrow("Sign-up by sms not supported by this signer");
  });
});

describe("§5 generic schema messages", () => {
  it("§5 'Invalid email' where a field must be an email: email sign-in and createAccount refuse a malformed address, sending nothing", async () => {
    const { kit, request } = kitWith([emailOtp()], { emailMode: "otp" });
    await expect(kit.authenticate({ type: "email", email: "ada@" })).rejects.toThrow("Invalid email");
    await expect(createAccount(kit, { type: "email", email: "not an email" })).rejects.toThrow("Invalid email");
    expect(request).not.toHaveBeenCalled();
    expect(kit.getStatus()).toBe("DISCONNECTED");
    await expect(kit.authenticate({ type: "email", email: "ada@example.com" })).rejects.toThrow("unexpected auth"); // past the check: it asked
    expect(request.mock.calls.map(([route]) => route)).toEqual(["lookup", "auth"]);
  });
});
