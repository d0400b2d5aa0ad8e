import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SDK_VERSION_HEADER } from "../../core/constants";
import { newTargetKey, sessionFromBundle, whoamiRequest } from "./support/client";
import { startTestServer, uniqueEmail, uniquePhone, type TestServer } from "./support/emulator";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.emulator.stop());

describe("lookup", () => {
  it("answers null for an unknown contact and the orgId after sign-up, ignoring email case", async () => {
    const email = uniqueEmail();
    expect(await t.client.ok("lookup", { email })).toEqual({ orgId: null });
    const { user } = await t.client.signUp(email);
    expect(await t.client.ok("lookup", { email: email.toUpperCase() })).toEqual({ orgId: user.orgId });
  });

  it("finds a user by phone", async () => {
    const phone = uniquePhone();
    const { orgId } = await t.client.ok("signup", { phone, targetPublicKey: newTargetKey().publicKey });
    expect(await t.client.ok("lookup", { phone })).toEqual({ orgId });
  });

  it("refuses access keys and malformed bodies with a 400 naming the field", async () => {
    const accessKey = await t.client.post("lookup", { accessKey: { publicKey: "00", accountId: "x" } });
    expect(accessKey.status).toBe(400);
    expect(accessKey.body).toMatchObject({ code: "UNSUPPORTED", message: "accessKey lookup not supported by this signer" });
    const bad = await t.client.post("lookup", { email: "not-an-email" });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("INVALID_REQUEST");
    expect(bad.body.message).toContain("email");
    expect(bad.body.details.issues[0].path).toBe("email");
  });
});

describe("signer-config", () => {
  it("tells the email mode", async () => {
    expect(await t.client.ok("signer-config", {})).toEqual({ email: { mode: "OTP" } });
    const magic = await startTestServer({ emailMode: "magic-link" });
    try {
      expect(await magic.client.ok("signer-config", {})).toEqual({ email: { mode: "MAGIC_LINK" } });
    } finally {
      await magic.emulator.stop();
    }
  });
});

describe("email code sign-up and sign-in", () => {
  it("signs up with a wallet, emails a code, and the code yields a working credential bundle", async () => {
    const email = uniqueEmail();
    const target = newTargetKey();
    const signup = await t.client.ok("signup", { email, emailMode: "otp", targetPublicKey: target.publicKey });
    expect(signup).toEqual({
      orgId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      userId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
      solanaAddress: expect.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/),
      otpId: expect.any(String),
    });
    const [message] = await t.client.messages(email);
    expect(message).toMatchObject({ to: email, channel: "email", code: expect.stringMatching(/^\d{6}$/), link: null });
    expect(message.text).toContain(message.code);

    const answer = await t.client.ok("otp", { orgId: signup.orgId, otpId: signup.otpId, otpCode: message.code, targetPublicKey: target.publicKey });
    expect(answer).toEqual({ status: "SUCCESS", credentialBundle: expect.any(String) });
    const session = await sessionFromBundle(signup.orgId, answer.credentialBundle, target);
    const me = await t.client.ok("whoami", { stampedRequest: whoamiRequest(session) });
    expect(me).toEqual({ orgId: signup.orgId, userId: signup.userId, address: signup.address, solanaAddress: signup.solanaAddress, email });
  });

  it("signs an existing user in with a new code", async () => {
    const email = uniqueEmail();
    const { user } = await t.client.signUp(email);
    const auth = await t.client.ok("auth", { email, targetPublicKey: newTargetKey().publicKey });
    expect(auth).toEqual({ orgId: user.orgId, otpId: expect.any(String) });
    const session = await t.client.signIn(email);
    expect((await t.client.ok("whoami", { stampedRequest: whoamiRequest(session) })).address).toBe(user.address);
  });

  it("refuses a second sign-up and a sign-in of an unknown user", async () => {
    const email = uniqueEmail();
    await t.client.signUp(email);
    const again = await t.client.post("signup", { email, targetPublicKey: newTargetKey().publicKey });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("USER_EXISTS");
    const unknown = await t.client.post("auth", { email: uniqueEmail(), targetPublicKey: newTargetKey().publicKey });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("USER_NOT_FOUND");
  });

  it("refuses a target key that is not an uncompressed P-256 key", async () => {
    const compressed = await t.client.post("signup", { email: uniqueEmail(), targetPublicKey: `02${"ab".repeat(32)}` });
    expect(compressed.status).toBe(400);
    expect(compressed.body.message).toContain("targetPublicKey");
    const offCurve = await t.client.post("signup", { email: uniqueEmail(), targetPublicKey: `04${"ab".repeat(64)}` });
    expect(offCurve.status).toBe(400);
    expect(offCurve.body.message).toContain("targetPublicKey");
  });

  it("refuses a malformed passkey sign-up (passkey sign-up itself: passkeys.test.ts)", async () => {
    const answer = await t.client.post("signup", { passkey: { challenge: "x", attestation: {} } });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe("INVALID_REQUEST");
  });
});

describe("SMS sign-up and sign-in", () => {
  it("texts a code and signs in with it", async () => {
    const phone = uniquePhone();
    const target = newTargetKey();
    const signup = await t.client.ok("signup", { phone, targetPublicKey: target.publicKey });
    const [sms] = await t.client.messages(phone);
    expect(sms).toMatchObject({ to: phone, channel: "sms", code: expect.stringMatching(/^\d{6}$/) });
    const session = await t.client.submitCode(signup.orgId, signup.otpId, sms.code, target);
    expect(await t.client.ok("whoami", { stampedRequest: whoamiRequest(session) })).toMatchObject({ orgId: signup.orgId, phone });

    const auth = await t.client.ok("auth", { phone, targetPublicKey: target.publicKey });
    expect(auth.orgId).toBe(signup.orgId);
    expect((await t.client.messages(phone))[0].channel).toBe("sms");
  });

  it("refuses a phone number that is not in international format", async () => {
    const answer = await t.client.post("signup", { phone: "555-1234", targetPublicKey: newTargetKey().publicKey });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain("phone");
  });
});

describe("HTTP behaviour", () => {
  it("answers JSON errors for unknown routes and malformed JSON", async () => {
    const unknown = await t.client.post("no-such-route", {});
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: "NOT_FOUND", message: expect.stringContaining("/signer/v1/no-such-route") });
    const malformed = await t.client.post("lookup", "{not json");
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ code: "INVALID_JSON", message: "The request body is not valid JSON", error: "The request body is not valid JSON" });
  });

  it("allows loopback app origins with the kit's headers, preflight included, echoing the origin", async () => {
    const preflight = await fetch(`${t.emulator.url}/signer/v1/lookup`, {
      method: "OPTIONS",
      headers: {
        Origin: "http://localhost:5173",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": `authorization, content-type, ${SDK_VERSION_HEADER.toLowerCase()}`,
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("http://localhost:5173");
    const allowed = (preflight.headers.get("access-control-allow-headers") ?? "").toLowerCase();
    for (const header of ["authorization", "content-type", SDK_VERSION_HEADER.toLowerCase()]) expect(allowed).toContain(header);
    const answer = await t.client.post("lookup", { email: uniqueEmail() }, { Origin: "http://localhost:5173", Authorization: "Bearer test" });
    expect(answer.headers.get("access-control-allow-origin")).toBe("http://localhost:5173");
  });
});
