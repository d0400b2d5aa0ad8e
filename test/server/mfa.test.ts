import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MFA_ACTIONS } from "../../wire/constants";
import { mfaRequest, newTargetKey, sessionFromBundle, SIGN_RAW_PAYLOAD_URL, signRawPayloadBody, stamp, stampedRequest, whoamiRequest, type Session, type User } from "./support/client";
import { startTestServer, uniqueEmail, type TestServer } from "./support/emulator";
import { authenticatorFor } from "./support/totp";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.emulator.stop());

const STEP = 30_000;

async function userWithFactor() {
  const email = uniqueEmail("mfa");
  const { user, session } = await t.client.signUp(email);
  const added = await t.client.ok("auth-request-multi-factor", {
    stampedRequest: mfaRequest(session, MFA_ACTIONS.add, user.address, t.clock.now()),
    multiFactorType: "totp",
  });
  const app = authenticatorFor(added.multiFactorTotpUrl);
  const verified = await t.client.ok("auth-verify-multi-factor", {
    stampedRequest: mfaRequest(session, MFA_ACTIONS.verify, user.address, t.clock.now()),
    multiFactorId: added.multiFactorId,
    multiFactorCode: app.code(t.clock.now()),
  });
  expect(verified.multiFactors).toEqual([{ multiFactorId: added.multiFactorId, multiFactorType: "totp" }]);
  t.clock.advance(STEP);
  return { email, user, session, factorId: added.multiFactorId as string, app };
}

async function codeSignIn(email: string, extra: object = {}) {
  const target = newTargetKey();
  const { orgId, otpId } = await t.client.ok("auth", { email, targetPublicKey: target.publicKey });
  const answer = await t.client.post("otp", { orgId, otpId, otpCode: await t.client.latestCode(email), targetPublicKey: target.publicKey, ...extra });
  return { orgId, target, answer };
}

const list = (session: Session, user: User) =>
  t.client.ok("auth-list-multi-factors", { stampedRequest: mfaRequest(session, MFA_ACTIONS.list, user.address, t.clock.now()) });

describe("adding a TOTP factor", () => {
  it("returns an otpauth:// URL and lists the factor only once verified", async () => {
    const email = uniqueEmail("mfa");
    const { user, session } = await t.client.signUp(email);
    const added = await t.client.ok("auth-request-multi-factor", {
      stampedRequest: mfaRequest(session, MFA_ACTIONS.add, user.address, t.clock.now()),
      multiFactorType: "totp",
    });
    expect(added).toEqual({ multiFactorType: "totp", multiFactorId: expect.any(String), multiFactorTotpUrl: expect.stringMatching(/^otpauth:\/\/totp\//) });
    const { totp } = authenticatorFor(added.multiFactorTotpUrl);
    expect(totp).toMatchObject({ issuer: "Latch", label: email, algorithm: "SHA1", digits: 6, period: 30 });
    expect(await list(session, user)).toEqual({ multiFactors: [] });

    const app = authenticatorFor(added.multiFactorTotpUrl);
    const wrong = await t.client.post("auth-verify-multi-factor", {
      stampedRequest: mfaRequest(session, MFA_ACTIONS.verify, user.address, t.clock.now()),
      multiFactorId: added.multiFactorId,
      multiFactorCode: "000000" === app.code(t.clock.now()) ? "111111" : "000000",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain("Invalid MFA code");
    expect(await list(session, user)).toEqual({ multiFactors: [] });

    const code = app.code(t.clock.now());
    const ok = await t.client.ok("auth-verify-multi-factor", {
      stampedRequest: mfaRequest(session, MFA_ACTIONS.verify, user.address, t.clock.now()),
      multiFactorId: added.multiFactorId,
      multiFactorCode: code,
    });
    expect(ok).toEqual({ multiFactors: [{ multiFactorId: added.multiFactorId, multiFactorType: "totp" }] });
    expect(await list(session, user)).toEqual(ok);

    const reused = await t.client.post("auth-verify-multi-factor", {
      stampedRequest: mfaRequest(session, MFA_ACTIONS.verify, user.address, t.clock.now()),
      multiFactorId: added.multiFactorId,
      multiFactorCode: code,
    });
    expect(reused.status).toBe(400);
    expect(reused.body.message).toContain("Invalid MFA code");
  });

  it("supports only totp", async () => {
    const { user, session } = await t.client.signUp(uniqueEmail());
    const answer = await t.client.post("auth-request-multi-factor", {
      stampedRequest: mfaRequest(session, MFA_ACTIONS.add, user.address, t.clock.now()),
      multiFactorType: "sms",
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe("Unsupported MFA factor type");
  });

  it("needs the route's action as payload and a valid stamp", async () => {
    const { user, session } = await t.client.signUp(uniqueEmail());
    const wrongAction = await t.client.post("auth-request-multi-factor", {
      stampedRequest: mfaRequest(session, MFA_ACTIONS.list, user.address, t.clock.now()),
      multiFactorType: "totp",
    });
    expect(wrongAction.status).toBe(400);
    expect(wrongAction.body.message).toContain("add_mfa");
    const request = mfaRequest(session, MFA_ACTIONS.list, user.address, t.clock.now());
    const other = await t.client.signUp(uniqueEmail());
    const forged = await t.client.post("auth-list-multi-factors", { stampedRequest: { ...request, stamp: stamp(request.body, other.session) } });
    expect(forged.status).toBe(401);
    expect((await t.client.post("auth-list-multi-factors", { stampedRequest: request })).status).toBe(200);
  });

  it("takes the action name as is (Account Kit's signer SDK stamps \"add_mfa\", not its hex), and still only the route's own", async () => {
    const { user, session } = await t.client.signUp(uniqueEmail());
    const literal = (action: string) =>
      stampedRequest(SIGN_RAW_PAYLOAD_URL, signRawPayloadBody(session, { hashFunction: "HASH_FUNCTION_NO_OP", payload: action, signWith: user.address }, t.clock.now()), session);
    const added = await t.client.ok("auth-request-multi-factor", { stampedRequest: literal(MFA_ACTIONS.add), multiFactorType: "totp" });
    const app = authenticatorFor(added.multiFactorTotpUrl);
    const verified = await t.client.ok("auth-verify-multi-factor", {
      stampedRequest: literal(MFA_ACTIONS.verify),
      multiFactorId: added.multiFactorId,
      multiFactorCode: app.code(t.clock.now()),
    });
    expect(verified.multiFactors).toEqual([{ multiFactorId: added.multiFactorId, multiFactorType: "totp" }]);
    expect(await t.client.ok("auth-list-multi-factors", { stampedRequest: literal(MFA_ACTIONS.list) })).toEqual(verified);
    const wrong = await t.client.post("auth-delete-multi-factors", { stampedRequest: literal(MFA_ACTIONS.add), multiFactorIds: [added.multiFactorId] });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain("delete_mfas");
    const notHex = await t.client.post("auth-list-multi-factors", { stampedRequest: literal("list_mfas!") });
    expect(notHex.status).toBe(400);
    // Account Kit's way to step up before removing it: verifyMfa again with the factor's next code.
    t.clock.advance(STEP);
    await t.client.ok("auth-verify-multi-factor", { stampedRequest: literal(MFA_ACTIONS.verify), multiFactorId: added.multiFactorId, multiFactorCode: app.code(t.clock.now()) });
    expect(await t.client.ok("auth-delete-multi-factors", { stampedRequest: literal(MFA_ACTIONS.delete), multiFactorIds: [added.multiFactorId] })).toEqual({ multiFactors: [] });
  });
});

describe("signing in with a factor", () => {
  it("answers MFA_REQUIRED after the email code, then validates the TOTP code into a credential bundle", async () => {
    const { email, user, factorId, app } = await userWithFactor();
    const { orgId, target, answer } = await codeSignIn(email);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      status: "MFA_REQUIRED",
      encryptedPayload: expect.any(String),
      multiFactors: [{ multiFactorId: factorId, multiFactorType: "totp" }],
    });
    const { encryptedPayload } = answer.body;

    const wrong = await t.client.post("auth-validate-multi-factors", { encryptedPayload, multiFactors: [{ multiFactorId: factorId, multiFactorCode: "12345x" }] });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain("Invalid MFA code");

    const code = app.code(t.clock.now());
    const validated = await t.client.ok("auth-validate-multi-factors", { encryptedPayload, multiFactors: [{ multiFactorId: factorId, multiFactorCode: code }] });
    expect(validated).toEqual({ payload: { credentialBundle: expect.any(String) }, multiFactors: [{ multiFactorId: factorId, multiFactorType: "totp" }] });
    const session = await sessionFromBundle(orgId, validated.payload.credentialBundle, target);
    expect((await t.client.ok("whoami", { stampedRequest: whoamiRequest(session) })).address).toBe(user.address);

    t.clock.advance(STEP);
    const again = await t.client.post("auth-validate-multi-factors", {
      encryptedPayload,
      multiFactors: [{ multiFactorId: factorId, multiFactorCode: app.code(t.clock.now()) }],
    });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe("ENCRYPTED_PAYLOAD_USED");
  });

  it("refuses a TOTP code reused within its step, and accepts the next step's code", async () => {
    const { email, factorId, app } = await userWithFactor();
    const first = await codeSignIn(email);
    const code = app.code(t.clock.now());
    await t.client.ok("auth-validate-multi-factors", { encryptedPayload: first.answer.body.encryptedPayload, multiFactors: [{ multiFactorId: factorId, multiFactorCode: code }] });

    const second = await codeSignIn(email);
    const reused = await t.client.post("auth-validate-multi-factors", {
      encryptedPayload: second.answer.body.encryptedPayload,
      multiFactors: [{ multiFactorId: factorId, multiFactorCode: code }],
    });
    expect(reused.status).toBe(400);
    expect(reused.body.message).toContain("Invalid MFA code");
    t.clock.advance(STEP);
    const next = await t.client.post("auth-validate-multi-factors", {
      encryptedPayload: second.answer.body.encryptedPayload,
      multiFactors: [{ multiFactorId: factorId, multiFactorCode: app.code(t.clock.now()) }],
    });
    expect(next.status).toBe(200);
  });

  it("accepts the factor code along with the email code", async () => {
    const { email, factorId, app } = await userWithFactor();
    const { answer } = await codeSignIn(email, { multiFactors: [{ multiFactorId: factorId, multiFactorCode: app.code(t.clock.now()) }] });
    expect(answer.body).toEqual({ status: "SUCCESS", credentialBundle: expect.any(String) });
  });

  it("refuses an expired or foreign encryptedPayload", async () => {
    const { email, factorId, app } = await userWithFactor();
    const { answer } = await codeSignIn(email);
    t.clock.advance(10 * 60_000 + 1000);
    const expired = await t.client.post("auth-validate-multi-factors", {
      encryptedPayload: answer.body.encryptedPayload,
      multiFactors: [{ multiFactorId: factorId, multiFactorCode: app.code(t.clock.now()) }],
    });
    expect(expired.status).toBe(400);
    expect(expired.body.code).toBe("ENCRYPTED_PAYLOAD_EXPIRED");
    const foreign = await t.client.post("auth-validate-multi-factors", {
      encryptedPayload: Buffer.from("x".repeat(60)).toString("base64url"),
      multiFactors: [{ multiFactorId: factorId, multiFactorCode: "123456" }],
    });
    expect(foreign.body.code).toBe("INVALID_ENCRYPTED_PAYLOAD");
  });
});

describe("deleting factors", () => {
  it("removes the factor and sign-in needs only the email code again", async () => {
    const { email, user, session, factorId, app } = await userWithFactor();
    // Removing a factor needs its code first (step-up: test/server/step-up.test.ts).
    const stepUp = await t.client.stepUp(session, user.address, { multiFactors: [{ multiFactorId: factorId, multiFactorCode: app.code(t.clock.now()) }] }, t.clock.now());
    expect(stepUp.status).toBe(200);
    const missing = await t.client.post("auth-delete-multi-factors", {
      stampedRequest: mfaRequest(session, MFA_ACTIONS.delete, user.address, t.clock.now()),
      multiFactorIds: ["00000000-0000-4000-8000-000000000000"],
    });
    expect(missing.status).toBe(404);
    expect((await list(session, user)).multiFactors).toHaveLength(1);
    const deleted = await t.client.ok("auth-delete-multi-factors", {
      stampedRequest: mfaRequest(session, MFA_ACTIONS.delete, user.address, t.clock.now()),
      multiFactorIds: [factorId],
    });
    expect(deleted).toEqual({ multiFactors: [] });
    expect((await codeSignIn(email)).answer.body.status).toBe("SUCCESS");
  });
});
