import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MFA_ACTIONS, RETURN_PARAMS } from "../../wire/constants";
import { mfaRequest, newTargetKey, sessionFromBundle, whoamiRequest } from "./support/client";
import { startTestServer, uniqueEmail, type TestServer } from "./support/emulator";
import { authenticatorFor } from "./support/totp";

const APP = "http://localhost:5173";
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ emailMode: "magic-link" });
});
afterAll(() => t?.emulator.stop());

const fromApp = { Origin: APP };

async function linkFor(email: string) {
  const [message] = await t.client.messages(email);
  expect(message).toMatchObject({ channel: "email", code: null, link: expect.stringMatching(/^http/) });
  return new URL(message.link);
}

describe("magic links", () => {
  it("signs up: the link returns to the app with its params, the signup flag, the bundle and the orgId", async () => {
    const email = uniqueEmail("ml");
    const target = newTargetKey();
    const signup = await t.client.ok(
      "signup",
      { email, emailMode: "magicLink", targetPublicKey: target.publicKey, redirectParams: `foo=bar&${RETURN_PARAMS.isSignup}=true` },
      fromApp,
    );
    expect(signup).toEqual({ orgId: expect.any(String), userId: expect.any(String), address: expect.any(String), solanaAddress: expect.any(String) });
    const link = await linkFor(email);
    expect(link.origin).toBe(APP);
    expect(link.pathname).toBe("/");
    expect([...link.searchParams.keys()]).toEqual(["foo", RETURN_PARAMS.isSignup, RETURN_PARAMS.bundle, RETURN_PARAMS.orgId]);
    expect(link.searchParams.get(RETURN_PARAMS.isSignup)).toBe("true");
    expect(link.searchParams.get(RETURN_PARAMS.orgId)).toBe(signup.orgId);
    const session = await sessionFromBundle(signup.orgId, link.searchParams.get(RETURN_PARAMS.bundle)!, target);
    expect(await t.client.ok("whoami", { stampedRequest: whoamiRequest(session) })).toMatchObject({ orgId: signup.orgId, email });
  });

  it("marks a new user's link as a sign-up even without redirectParams, and an existing user's not", async () => {
    const email = uniqueEmail("ml");
    await t.client.ok("signup", { email, targetPublicKey: newTargetKey().publicKey }, fromApp);
    expect((await linkFor(email)).searchParams.get(RETURN_PARAMS.isSignup)).toBe("true");
    const auth = await t.client.ok("auth", { email, targetPublicKey: newTargetKey().publicKey, redirectParams: "" }, fromApp);
    expect(auth).toEqual({ orgId: expect.any(String) });
    const link = await linkFor(email);
    expect(link.searchParams.has(RETURN_PARAMS.isSignup)).toBe(false);
    expect([...link.searchParams.keys()]).toEqual([RETURN_PARAMS.bundle, RETURN_PARAMS.orgId]);
  });

  it("returns to the page that asked (latch-return-to, path and query) on an allowed app origin only; never to another", async () => {
    const email = uniqueEmail("ml");
    const asking = `${APP}/settings/profile?tab=security#top`;
    await t.client.ok(
      "signup",
      { email, targetPublicKey: newTargetKey().publicKey, redirectParams: new URLSearchParams({ foo: "bar", [RETURN_PARAMS.returnTo]: asking }).toString() },
      fromApp,
    );
    const link = await linkFor(email);
    expect(`${link.origin}${link.pathname}`).toBe(`${APP}/settings/profile`);
    expect(link.hash).toBe("");
    expect([...link.searchParams.keys()]).toEqual(["tab", "foo", RETURN_PARAMS.isSignup, RETURN_PARAMS.bundle, RETURN_PARAMS.orgId]);

    for (const elsewhere of ["https://evil.example/phish", "javascript:alert(1)", "/relative/only"]) {
      const other = uniqueEmail("ml");
      await t.client.ok("signup", { email: other, targetPublicKey: newTargetKey().publicKey, redirectParams: `${RETURN_PARAMS.returnTo}=${encodeURIComponent(elsewhere)}` }, fromApp);
      const fallback = await linkFor(other);
      expect(`${fallback.origin}${fallback.pathname}`, elsewhere).toBe(`${APP}/`);
      expect(fallback.searchParams.has(RETURN_PARAMS.returnTo), elsewhere).toBe(false);
    }
  });

  it("sends a code instead when the client asks for otp", async () => {
    const email = uniqueEmail("ml");
    const signup = await t.client.ok("signup", { email, emailMode: "otp", targetPublicKey: newTargetKey().publicKey }, fromApp);
    expect(signup.otpId).toEqual(expect.any(String));
    expect((await t.client.messages(email))[0].code).toMatch(/^\d{6}$/);
  });

  it("uses --app-url over the Origin, and needs one of them", async () => {
    const fixed = await startTestServer({ emailMode: "magic-link", appUrl: "http://localhost:3000/app/?from=email" });
    try {
      const email = uniqueEmail("ml");
      await fixed.client.ok("signup", { email, targetPublicKey: newTargetKey().publicKey, redirectParams: "x=1" }, { Origin: "http://127.0.0.1:4000" });
      const link = new URL((await fixed.client.messages(email))[0].link);
      expect(`${link.origin}${link.pathname}`).toBe("http://localhost:3000/app/");
      expect(link.searchParams.get("from")).toBe("email");
      expect(link.searchParams.get("x")).toBe("1");
    } finally {
      await fixed.emulator.stop();
    }
    const email = uniqueEmail("ml");
    const answer = await t.client.post("signup", { email, targetPublicKey: newTargetKey().publicKey });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe("NO_APP_URL");
    expect(await t.client.ok("lookup", { email })).toEqual({ orgId: null });
  });

  it("refuses with MFA_REQUIRED (data.multiFactors) when the user has a factor, and sends only with a valid code", async () => {
    const email = uniqueEmail("ml");
    const target = newTargetKey();
    const signup = await t.client.ok("signup", { email, targetPublicKey: target.publicKey }, fromApp);
    const session = await sessionFromBundle(signup.orgId, (await linkFor(email)).searchParams.get(RETURN_PARAMS.bundle)!, target);
    const added = await t.client.ok("auth-request-multi-factor", {
      stampedRequest: mfaRequest(session, MFA_ACTIONS.add, signup.address),
      multiFactorType: "totp",
    });
    const app = authenticatorFor(added.multiFactorTotpUrl);
    await t.client.ok("auth-verify-multi-factor", {
      stampedRequest: mfaRequest(session, MFA_ACTIONS.verify, signup.address),
      multiFactorId: added.multiFactorId,
      multiFactorCode: app.code(t.clock.now()),
    });
    t.clock.advance(30_000);
    const sentBefore = (await t.client.messages(email)).length;

    const required = await t.client.post("auth", { email, targetPublicKey: target.publicKey }, fromApp);
    expect(required.status).toBe(403);
    const factors = [{ multiFactorId: added.multiFactorId, multiFactorType: "totp" }];
    expect(required.body).toMatchObject({ code: "MFA_REQUIRED", message: "MFA is required for this user", data: { multiFactors: factors }, details: { multiFactors: factors } });

    const wrong = await t.client.post("auth", { email, targetPublicKey: target.publicKey, multiFactors: [{ multiFactorId: added.multiFactorId, multiFactorCode: "abcdef" }] }, fromApp);
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain("Invalid MFA code");
    expect(await t.client.messages(email)).toHaveLength(sentBefore);

    const ok = await t.client.ok(
      "auth",
      { email, targetPublicKey: target.publicKey, multiFactors: [{ multiFactorId: added.multiFactorId, multiFactorCode: app.code(t.clock.now()) }] },
      fromApp,
    );
    expect(ok.orgId).toBe(signup.orgId);
    expect(await t.client.messages(email)).toHaveLength(sentBefore + 1);
  });
});
