import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeJwt, decodeProtectedHeader } from "jose";
import { newTargetKey, whoamiRequest } from "./support/client";
import { startTestServer, uniqueEmail, uniquePhone, type TestServer } from "./support/emulator";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ limits: { sendMaxPerWindow: 2, sendWindowMs: 60_000 } });
});
afterAll(() => t?.emulator.stop());

async function pendingSignUp() {
  const email = uniqueEmail();
  const target = newTargetKey();
  const signup = await t.client.ok("signup", { email, targetPublicKey: target.publicKey });
  const code = await t.client.latestCode(email);
  const submit = (otpCode: string) => t.client.post("otp", { orgId: signup.orgId, otpId: signup.otpId, otpCode, targetPublicKey: target.publicKey });
  return { email, target, signup, code, submit };
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe("one-time codes", () => {
  it("answers a wrong code with the text the kit translates, and the right code still works after", async () => {
    const { code, submit } = await pendingSignUp();
    const answer = await submit(wrong(code));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: "INVALID_OTP", message: "invalid OTP code", error: "invalid OTP code" });
    expect(answer.body.details).toEqual({ attemptsLeft: 2 });
    expect((await submit(code)).body.status).toBe("SUCCESS");
  });

  it("kills a code after three wrong tries, even for the right code; a new code still signs in", async () => {
    const { email, code, submit } = await pendingSignUp();
    for (let i = 0; i < 3; i++) expect((await submit(wrong(code))).body.code).toBe("INVALID_OTP");
    const after = await submit(code);
    expect(after.status).toBe(400);
    expect(after.body.code).toBe("OTP_ATTEMPTS_EXCEEDED");
    const session = await t.client.signIn(email);
    expect((await t.client.post("whoami", { stampedRequest: whoamiRequest(session) })).status).toBe(200);
  });

  it("is single use", async () => {
    const { email, signup, code, submit } = await pendingSignUp();
    expect((await submit(code)).status).toBe(200);
    const again = await submit(code);
    expect(again.status).toBe(400);
    expect(again.body.code).toBe("OTP_ALREADY_USED");
    expect(await t.client.signIn(email)).toMatchObject({ orgId: signup.orgId });
  });

  it("expires after ten minutes", async () => {
    const { code, submit } = await pendingSignUp();
    t.clock.advance(10 * 60_000 + 1000);
    try {
      const answer = await submit(code);
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe("OTP_EXPIRED");
    } finally {
      t.clock.advance(-(10 * 60_000 + 1000));
    }
  });

  it("belongs to its organisation", async () => {
    const a = await pendingSignUp();
    const b = await pendingSignUp();
    const crossed = await t.client.post("otp", { orgId: b.signup.orgId, otpId: a.signup.otpId, otpCode: a.code, targetPublicKey: a.target.publicKey });
    expect(crossed.status).toBe(404);
    expect((await a.submit(a.code)).status).toBe(200);
  });

  it("rate-limits sends to one contact with a 429 and Retry-After", async () => {
    const email = uniqueEmail();
    const target = newTargetKey();
    await t.client.ok("signup", { email, targetPublicKey: target.publicKey });
    await t.client.ok("auth", { email, targetPublicKey: target.publicKey });
    const third = await t.client.post("auth", { email, targetPublicKey: target.publicKey });
    expect(third.status).toBe(429);
    expect(third.body.code).toBe("RATE_LIMITED");
    expect(third.body.message).toMatch(/Too many codes sent to .*; wait \d+ s/);
    expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await t.client.messages(email)).toHaveLength(2);
    t.clock.advance(61_000);
    try {
      expect((await t.client.post("auth", { email, targetPublicKey: target.publicKey })).status).toBe(200);
    } finally {
      t.clock.advance(-61_000);
    }
  });

  it("does not create the account when the first code cannot be sent", async () => {
    const email = uniqueEmail();
    await t.client.ok("init-otp", { contact: email, otpType: "OTP_TYPE_EMAIL" });
    await t.client.ok("init-otp", { contact: email, otpType: "OTP_TYPE_EMAIL" });
    const signup = await t.client.post("signup", { email, targetPublicKey: newTargetKey().publicKey });
    expect(signup.status).toBe(429);
    expect(await t.client.ok("lookup", { email })).toEqual({ orgId: null });
  });
});

describe("init-otp and verify-otp", () => {
  it("proves an email with a signed token naming it", async () => {
    const email = uniqueEmail();
    const { otpId } = await t.client.ok("init-otp", { contact: email.toUpperCase(), otpType: "OTP_TYPE_EMAIL" });
    const { verificationToken } = await t.client.ok("verify-otp", { otpId, otpCode: await t.client.latestCode(email) });
    expect(decodeProtectedHeader(verificationToken)).toMatchObject({ alg: "ES256", typ: "JWT" });
    const claims = decodeJwt(verificationToken);
    expect(claims).toMatchObject({ contact: email, otpType: "OTP_TYPE_EMAIL", iss: t.emulator.url });
    expect(claims.exp! - claims.iat!).toBe(600);
  });

  it("proves a phone number", async () => {
    const phone = uniquePhone();
    const { otpId } = await t.client.ok("init-otp", { contact: phone, otpType: "OTP_TYPE_SMS" });
    const [sms] = await t.client.messages(phone);
    expect(sms.channel).toBe("sms");
    const { verificationToken } = await t.client.ok("verify-otp", { otpId, otpCode: sms.code });
    expect(decodeJwt(verificationToken)).toMatchObject({ contact: phone, otpType: "OTP_TYPE_SMS" });
  });

  it("refuses a wrong code, a contact of the wrong kind, and a sign-in code", async () => {
    const email = uniqueEmail();
    const { otpId } = await t.client.ok("init-otp", { contact: email, otpType: "OTP_TYPE_EMAIL" });
    const code = await t.client.latestCode(email);
    expect((await t.client.post("verify-otp", { otpId, otpCode: wrong(code) })).body.message).toBe("invalid OTP code");
    expect((await t.client.post("init-otp", { contact: email, otpType: "OTP_TYPE_SMS" })).status).toBe(400);
    expect((await t.client.post("init-otp", { contact: email, otpType: "OTP_TYPE_PIGEON" })).status).toBe(400);

    const signIn = await pendingSignUp();
    const misuse = await t.client.post("verify-otp", { otpId: signIn.signup.otpId, otpCode: signIn.code });
    expect(misuse.status).toBe(404);
    expect((await signIn.submit(signIn.code)).status).toBe(200);
    expect((await t.client.post("verify-otp", { otpId, otpCode: code })).status).toBe(200);
  });
});

describe("session expiry", () => {
  it("registers the API key for expirationSeconds", async () => {
    const email = uniqueEmail();
    const target = newTargetKey();
    const signup = await t.client.ok("signup", { email, targetPublicKey: target.publicKey });
    const session = await t.client.submitCode(signup.orgId, signup.otpId, await t.client.latestCode(email), target, { expirationSeconds: "60" });
    expect((await t.client.post("whoami", { stampedRequest: whoamiRequest(session) })).status).toBe(200);
    t.clock.advance(61_000);
    try {
      const expired = await t.client.post("whoami", { stampedRequest: whoamiRequest(session) });
      expect(expired.status).toBe(401);
      expect(expired.body.code).toBe("API_KEY_EXPIRED");
    } finally {
      t.clock.advance(-61_000);
    }
  });
});
