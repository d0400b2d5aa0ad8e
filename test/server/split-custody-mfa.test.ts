import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mfaRequest, newTargetKey, sessionFromBundle, stamp, type Session, type TargetKey } from "./support/client";
import { startTestServer, uniqueEmail, type TestServer } from "./support/emulator";
import { custodyCall, releasedShares, splitAsFrame, uploadBody } from "./support/splitFrame";
import { enrolTotp, TOTP_STEP_MS } from "./support/totp";
import { APP_ORIGIN, keyManagement, SoftPasskey } from "./support/passkey";
import { exportFrameSigningKey, openExportBundle } from "./support/exportBundle";
import { newRecoveryCode } from "../../server/frames/custody/recoveryLock";

describe("split custody: with a second factor enrolled, only a session that passed it gets the shares", () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ custody: "split" });
  });
  afterAll(() => t.emulator.stop());

  const state = (session: Session) => custodyCall(t.client, "custody-state", session, { timestampMs: String(t.clock.now()) });

  it("a session from before the factor, or a sign-in without it, gets 403 MFA_REQUIRED; the code + TOTP sign-in and the validate-multi-factors sign-in get the shares", async () => {
    const email = uniqueEmail("split-mfa");
    const signedUp = await t.client.signUp(email);
    const { session: before, target: beforeTarget } = signedUp;
    const split = await splitAsFrame(t.client, before, beforeTarget, { kind: "code", code: newRecoveryCode() });
    // The account's wallet was made by its frame: its addresses are the split's (the sign-up answered none).
    const user = { ...signedUp.user, address: split.address, solanaAddress: split.solanaAddress };
    // No factor yet: the sign-up session gets the shares (and the frame rebuilds the wallet from them).
    expect((await releasedShares(t.client, before, beforeTarget)).authShare.length).toBe(split.device.length);

    const { factorId, app } = await enrolTotp(t, before, user);
    const factors = [{ multiFactorId: factorId, multiFactorType: "totp" }];

    // The session opened before the factor was enrolled: still valid for other calls, refused the shares.
    const refused = await state(before);
    expect([refused.status, refused.body.code, refused.body.bundle]).toEqual([403, "MFA_REQUIRED", undefined]);
    expect(refused.body.message).toMatch(/second factor/);
    expect(refused.body.data).toEqual({ multiFactors: factors });
    for (const route of ["custody-reshare-source", "custody-split"] as const) {
      const answer = await custodyCall(t.client, route, before, { timestampMs: String(t.clock.now()), ...uploadBody(split) });
      expect([route, answer.status, answer.body.code]).toEqual([route, 403, "MFA_REQUIRED"]);
    }

    // The email code alone opens no session; with the TOTP code it does, and that session gets the shares.
    const target = newTargetKey();
    const { orgId, otpId } = await t.client.ok("auth", { email, targetPublicKey: target.publicKey });
    const otpCode = await t.client.latestCode(email);
    const withFactor = await t.client.submitCode(orgId, otpId, otpCode, target, { multiFactors: [{ multiFactorId: factorId, multiFactorCode: app.code(t.clock.now()) }] });
    const shares = await releasedShares(t.client, withFactor, target);
    expect(shares.recoveryBox.kind).toBe("code");
    t.clock.advance(TOTP_STEP_MS);

    // The two-step sign-in (MFA_REQUIRED, then auth-validate-multi-factors) ends in a session that gets them too.
    const second = newTargetKey();
    const started = await t.client.ok("auth", { email, targetPublicKey: second.publicKey });
    const pending = await t.client.ok("otp", { orgId, otpId: started.otpId, otpCode: await t.client.latestCode(email), targetPublicKey: second.publicKey });
    expect(pending.status).toBe("MFA_REQUIRED");
    const validated = await t.client.ok("auth-validate-multi-factors", {
      encryptedPayload: pending.encryptedPayload,
      multiFactors: [{ multiFactorId: factorId, multiFactorCode: app.code(t.clock.now()) }],
    });
    const validatedSession = await sessionFromBundle(orgId, validated.payload.credentialBundle, second);
    expect((await releasedShares(t.client, validatedSession, second)).authShare).toEqual(shares.authShare);
  });

  it("export of a split wallet obeys the same rule (403 MFA_REQUIRED before any step-up, which cannot lift it), then the step-up rule: a session that passed the factor (its sign-in the proof) gets the auth share", async () => {
    const email = uniqueEmail("split-mfa-export");
    const signedUp = await t.client.signUp(email);
    const { session: before, target: beforeTarget } = signedUp;
    const split = await splitAsFrame(t.client, before, beforeTarget, { kind: "code", code: newRecoveryCode() });
    const user = { ...signedUp.user, address: split.address, solanaAddress: split.solanaAddress };
    const { factorId, app } = await enrolTotp(t, before, user);
    const factors = [{ multiFactorId: factorId, multiFactorType: "totp" }];
    const exportAs = async (session: Session) => {
      const stamper = (text: string) => stamp(text, session);
      const { walletId } = (await keyManagement(t.emulator.url, "query/list_wallets", { organizationId: user.orgId }, stamper)).body.wallets[0];
      const target = newTargetKey();
      const body = { type: "ACTIVITY_TYPE_EXPORT_WALLET", timestampMs: String(t.clock.now()), organizationId: user.orgId, parameters: { walletId, targetPublicKey: target.publicKey } };
      return { target, answer: await keyManagement(t.emulator.url, "submit/export_wallet", body, stamper) };
    };
    const authShareOf = async (answer: { body: any }, target: TargetKey) => {
      const secret = await openExportBundle(answer.body.activity.result.exportWalletResult.exportBundle, target, await exportFrameSigningKey(t.emulator.url), user.orgId);
      return JSON.parse(new TextDecoder().decode(secret)).authShare as string;
    };

    // The session from before the factor: refused as the shares' release is, and before the step-up (no code asked in vain).
    const refused = (await exportAs(before)).answer;
    expect([refused.status, refused.body.code]).toEqual([403, "MFA_REQUIRED"]);
    expect(refused.body.message).toMatch(/second factor/);
    expect(refused.body.activity).toBeUndefined();
    // A fresh proof does not lift it: the session's sign-in did not pass the factor.
    expect((await t.client.stepUp(before, user.address, { multiFactors: [{ multiFactorId: factorId, multiFactorCode: app.code(t.clock.now()) }] }, t.clock.now())).status).toBe(200);
    t.clock.advance(TOTP_STEP_MS);
    const stillRefused = (await exportAs(before)).answer;
    expect([stillRefused.status, stillRefused.body.code, stillRefused.body.details]).toEqual([403, "MFA_REQUIRED", { multiFactors: factors }]);

    // A sign-in with the email code and the TOTP code: under 5 minutes old, it is also the step-up rule's
    // proof (services/stepUp.ts), and the export carries the auth share (the one the frame gets).
    const target = newTargetKey();
    const { orgId, otpId } = await t.client.ok("auth", { email, targetPublicKey: target.publicKey });
    const withFactor = await t.client.submitCode(orgId, otpId, await t.client.latestCode(email), target, { multiFactors: [{ multiFactorId: factorId, multiFactorCode: app.code(t.clock.now()) }] });
    t.clock.advance(TOTP_STEP_MS);
    const exported = await exportAs(withFactor);
    expect(exported.answer.status).toBe(200);
    const released = await releasedShares(t.client, withFactor, target);
    expect(await authShareOf(exported.answer, exported.target)).toBe(Buffer.from(released.authShare).toString("hex"));
    expect(released.authShare.length).toBe(split.device.length);
  });

  it("a passkey counts as two factors: the frame session a passkey's stamp opens gets the shares of a user with an authenticator app", async () => {
    const passkey = new SoftPasskey();
    const user = await t.client.ok("signup", { passkey: passkey.attestation() }, { Origin: APP_ORIGIN });
    const frameSession = async () => {
      const target = newTargetKey();
      const body = { organizationId: user.orgId, timestampMs: String(t.clock.now()), targetPublicKey: target.publicKey, expirationSeconds: 600 };
      const opened = await t.client.ok("custody-frame-session", { stampedRequest: passkey.stampedRequest("https://api.turnkey.com/public/v1/submit/custody_frame_session", body) });
      return { target, session: await sessionFromBundle(user.orgId, opened.credentialBundle, target) };
    };
    const first = await frameSession();
    const split = await splitAsFrame(t.client, first.session, first.target, { kind: "code", code: newRecoveryCode() });
    // A frame session is no sign-in of its own: enrolling a factor takes the passkey's proof (step-up).
    const stepUp = mfaRequest(first.session, "step_up", split.address, t.clock.now());
    await t.client.ok("step-up", { stampedRequest: stepUp, passkeyStamp: passkey.stamp(stepUp.body) });
    await enrolTotp(t, first.session, { ...user, address: split.address });
    const next = await frameSession();
    expect((await releasedShares(t.client, next.session, next.target)).authShare.length).toBe(17);
  });
});
