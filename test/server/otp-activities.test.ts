import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stamp, type Session, type User } from "./support/client";
import { startTestServer, uniqueEmail, uniquePhone, type TestServer } from "./support/emulator";
import { keyManagement } from "./support/passkey";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.emulator.stop());

const ts = () => String(t.clock.now());
const km = (operation: string, body: object, session: Session | null) =>
  keyManagement(t.emulator.url, operation, body, session ? (text) => stamp(text, session) : null);

const initOtp = (user: User, session: Session | null, contact: string, otpType = "OTP_TYPE_EMAIL") =>
  km("submit/init_otp", { type: "ACTIVITY_TYPE_INIT_OTP", timestampMs: ts(), organizationId: user.orgId, parameters: { contact, otpType } }, session);
const verifyOtp = (user: User, session: Session, otpId: string, otpCode: string) =>
  km("submit/verify_otp", { type: "ACTIVITY_TYPE_VERIFY_OTP", timestampMs: ts(), organizationId: user.orgId, parameters: { otpId, otpCode } }, session);

describe("submit/init_otp and submit/verify_otp", () => {
  it("send a code to a new contact and trade it for a verification token that changes the user's email", async () => {
    const { user, session } = await t.client.signUpSteppedUp(uniqueEmail("otp-act"), t.clock.now());
    const newEmail = uniqueEmail("otp-new");
    const init = await initOtp(user, session, newEmail.toUpperCase());
    expect(init.status, JSON.stringify(init.body)).toBe(200);
    expect(init.body.activity).toMatchObject({ type: "ACTIVITY_TYPE_INIT_OTP", status: "ACTIVITY_STATUS_COMPLETED", result: { initOtpResult: { otpId: expect.any(String) } } });
    const { otpId } = init.body.activity.result.initOtpResult;
    const verified = await verifyOtp(user, session, otpId, await t.client.latestCode(newEmail));
    expect(verified.body.activity).toMatchObject({ type: "ACTIVITY_TYPE_VERIFY_OTP", status: "ACTIVITY_STATUS_COMPLETED" });
    const { verificationToken } = verified.body.activity.result.verifyOtpResult;
    expect(verificationToken.split(".")).toHaveLength(3);

    // The token is the one verify-otp gives: it proves the new email for update-email-auth.
    const body = JSON.stringify({
      type: "ACTIVITY_TYPE_UPDATE_USER_EMAIL",
      timestampMs: ts(),
      organizationId: user.orgId,
      parameters: { userId: user.userId, userEmail: newEmail, verificationToken },
    });
    const updated = await t.client.post("update-email-auth", { stampedRequest: { url: "https://api.turnkey.com/public/v1/submit/update_user_email", body, stamp: stamp(body, session) } });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
  });

  it("sends SMS codes too, and refuses a wrong code, a bad contact, an unknown type and an unstamped call", async () => {
    const { user, session } = await t.client.signUp(uniqueEmail("otp-act"));
    const phone = uniquePhone();
    const init = await initOtp(user, session, phone, "OTP_TYPE_SMS");
    expect(init.status).toBe(200);
    const wrong = await verifyOtp(user, session, init.body.activity.result.initOtpResult.otpId, "000000x");
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe("invalid OTP code");
    expect((await initOtp(user, session, "not-an-email")).status).toBe(400);
    expect((await initOtp(user, session, uniqueEmail("x"), "OTP_TYPE_PIGEON")).status).toBe(400);
    const unstamped = await initOtp(user, null, uniqueEmail("x"));
    expect(unstamped.status).toBe(401);
    expect(unstamped.body.code).toBe("MISSING_STAMP");
  });
});
