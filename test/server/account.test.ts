import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stamp, WHOAMI_URL, whoamiRequest, type Session, type User } from "./support/client";
import { startTestServer, uniqueEmail, uniquePhone, type TestServer } from "./support/emulator";
import { APP_ORIGIN, SoftPasskey } from "./support/passkey";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.emulator.stop());

const ts = () => String(t.clock.now());
const URL_BASE = "https://api.turnkey.com/public/v1";

function signedWith(session: Session | SoftPasskey, operation: string, body: object) {
  const text = JSON.stringify(body);
  return { url: `${URL_BASE}/${operation}`, body: text, stamp: session instanceof SoftPasskey ? session.stamp(text) : stamp(text, session) };
}

const listMethods = (user: User, session: Session | SoftPasskey, suborgId = user.orgId) =>
  t.client.post("list-auth-methods", {
    suborgId,
    stampedRequest: signedWith(session, "query/list_authenticators", { organizationId: user.orgId, userId: user.userId, timestampMs: ts() }),
  });

const updateEmail = (user: User, session: Session | SoftPasskey, userEmail: string, verificationToken?: string, userId = user.userId) =>
  t.client.post("update-email-auth", {
    stampedRequest: signedWith(session, "submit/update_user_email", {
      type: "ACTIVITY_TYPE_UPDATE_USER_EMAIL",
      timestampMs: ts(),
      organizationId: user.orgId,
      parameters: { userId, userEmail, ...(verificationToken ? { verificationToken } : {}) },
    }),
  });

const updatePhone = (user: User, session: Session | SoftPasskey, userPhoneNumber: string, verificationToken?: string) =>
  t.client.post("update-phone-auth", {
    stampedRequest: signedWith(session, "submit/update_user_phone_number", {
      type: "ACTIVITY_TYPE_UPDATE_USER_PHONE_NUMBER",
      timestampMs: ts(),
      organizationId: user.orgId,
      parameters: { userId: user.userId, userPhoneNumber, ...(verificationToken ? { verificationToken } : {}) },
    }),
  });

/** init-otp to a contact, the code from the inbox, verify-otp: the verification token. */
async function verify(contact: string, otpType: "OTP_TYPE_EMAIL" | "OTP_TYPE_SMS"): Promise<string> {
  const { otpId } = await t.client.ok("init-otp", { contact, otpType });
  const { verificationToken } = await t.client.ok("verify-otp", { otpId, otpCode: await t.client.latestCode(contact) });
  return verificationToken;
}

describe("list-auth-methods", () => {
  it("lists email, phone, linked providers and passkeys of the caller's own organisation", async () => {
    const email = uniqueEmail("acct");
    const { user, session } = await t.client.signUp(email);
    const answer = await listMethods(user, session);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ email, oauthProviders: [], passkeys: [] });
  });

  it("answers Account Kit's unstamped list only while the organisation is signed in (a session key, or a passkey sign-in)", async () => {
    const email = uniqueEmail("acct");
    const { user, session } = await t.client.signUp(email);
    const unstamped = (suborgId: string) => t.client.post("list-auth-methods", { suborgId });
    expect(await unstamped(user.orgId)).toMatchObject({ status: 200, body: (await listMethods(user, session)).body });
    // Nobody signed in to an unknown organisation: the same refusal as a signed-out one.
    const unknown = await unstamped("00000000-0000-4000-8000-000000000000");
    expect(unknown.status).toBe(401);
    expect(unknown.body.code).toBe("NOT_SIGNED_IN");

    const passkey = new SoftPasskey();
    const passkeyOnly: User = await t.client.ok("signup", { passkey: passkey.attestation() }, { Origin: APP_ORIGIN });
    t.clock.advance(901_000);
    // Both sessions are over: refused, though the organisations exist.
    expect((await unstamped(user.orgId)).body.code).toBe("NOT_SIGNED_IN");
    expect((await unstamped(passkeyOnly.orgId)).body.code).toBe("NOT_SIGNED_IN");
    // A passkey sign-in (whoami stamped by the passkey) leaves no session key, yet it is a sign-in.
    await t.client.ok("whoami", { stampedRequest: signedWith(passkey, "query/whoami", { organizationId: passkeyOnly.orgId, timestampMs: ts() }) });
    expect(await unstamped(passkeyOnly.orgId)).toMatchObject({ status: 200, body: { oauthProviders: [], passkeys: [{ authenticatorId: expect.any(String) }] } });
  });

  it("lists a passkey user's passkey with its name (the browser, system and day of the sign-up) and creation time", async () => {
    const passkey = new SoftPasskey();
    const firefoxOnWindows = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0";
    const user = await t.client.ok("signup", { passkey: passkey.attestation() }, { Origin: APP_ORIGIN, "User-Agent": firefoxOnWindows });
    const answer = await listMethods(user, passkey);
    const day = new Date(t.clock.now()).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).replace("Sept", "Sep");
    expect(answer.body).toEqual({ oauthProviders: [], passkeys: [{ authenticatorId: expect.any(String), name: `Firefox on Windows, ${day}`, createdAt: expect.any(String) }] });
  });

  it("refuses a stamp for another organisation than suborgId, and another organisation's stamp", async () => {
    const a = await t.client.signUp(uniqueEmail("acct"));
    const b = await t.client.signUp(uniqueEmail("acct"));
    const mismatch = await listMethods(a.user, a.session, b.user.orgId);
    expect(mismatch.status).toBe(403);
    const foreign = await listMethods(a.user, b.session);
    expect(foreign.status).toBe(401);
    expect(foreign.body.code).toBe("UNKNOWN_API_KEY");
  });
});

describe("changing the email", () => {
  it("sets a verified email: lookup finds the new address, not the old one, and whoami shows it", async () => {
    const old = uniqueEmail("old");
    const { user, session } = await t.client.signUpSteppedUp(old, t.clock.now());
    const next = uniqueEmail("new");
    const token = await verify(next, "OTP_TYPE_EMAIL");
    const answer = await updateEmail(user, session, next, token);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({});
    expect(await t.client.ok("lookup", { email: next })).toEqual({ orgId: user.orgId });
    expect(await t.client.ok("lookup", { email: old })).toEqual({ orgId: null });
    expect((await t.client.ok("whoami", { stampedRequest: whoamiRequest(session) })).email).toBe(next);
    // The new address signs in.
    const again = await t.client.signIn(next);
    expect(again.orgId).toBe(user.orgId);
  });

  it("refuses without a token, with a token for another contact or channel, a used token, and another user id", async () => {
    const { user, session } = await t.client.signUpSteppedUp(uniqueEmail("acct"), t.clock.now());
    const next = uniqueEmail("next");
    const missing = await updateEmail(user, session, next);
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe("VERIFICATION_TOKEN_REQUIRED");
    const otherEmail = await updateEmail(user, session, next, await verify(uniqueEmail("other"), "OTP_TYPE_EMAIL"));
    expect(otherEmail.status).toBe(400);
    expect(otherEmail.body.code).toBe("VERIFICATION_TOKEN_MISMATCH");
    const phone = uniquePhone();
    expect((await updateEmail(user, session, next, await verify(phone, "OTP_TYPE_SMS"))).body.code).toBe("VERIFICATION_TOKEN_MISMATCH");
    expect((await updateEmail(user, session, next, "not-a-jwt")).body.code).toBe("INVALID_VERIFICATION_TOKEN");
    const token = await verify(next, "OTP_TYPE_EMAIL");
    expect((await updateEmail(user, session, next, token, "00000000-0000-4000-8000-000000000000")).status).toBe(403);
    expect((await updateEmail(user, session, next, token)).status).toBe(200);
    const reused = await updateEmail(user, session, next, token);
    expect(reused.status).toBe(400);
    expect(reused.body.code).toBe("VERIFICATION_TOKEN_USED");
  });

  it("refuses an email that belongs to another user, without using up the token", async () => {
    const taken = uniqueEmail("taken");
    await t.client.signUp(taken);
    const { user, session } = await t.client.signUpSteppedUp(uniqueEmail("acct"), t.clock.now());
    const token = await verify(taken, "OTP_TYPE_EMAIL");
    const answer = await updateEmail(user, session, taken, token);
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe("CONTACT_TAKEN");
  });
});

describe("changing the phone", () => {
  it("needs a token for a non-empty phone, sets a verified one, and removes it with an empty value", async () => {
    const email = uniqueEmail("phone");
    const { user, session } = await t.client.signUpSteppedUp(email, t.clock.now());
    const phone = uniquePhone();
    const missing = await updatePhone(user, session, phone);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe("Verification token is required to change phone number");
    expect((await updatePhone(user, session, phone, await verify(phone, "OTP_TYPE_SMS"))).status).toBe(200);
    expect(await t.client.ok("lookup", { phone })).toEqual({ orgId: user.orgId });
    expect((await listMethods(user, session)).body).toMatchObject({ email, phone });
    expect((await updatePhone(user, session, "")).status).toBe(200);
    expect(await t.client.ok("lookup", { phone })).toEqual({ orgId: null });
    expect((await listMethods(user, session)).body.phone).toBeUndefined();
  });
});

describe("a user keeps at least one way to sign in", () => {
  it("refuses removing the only email; with a phone added, the email goes and then the phone is the last one", async () => {
    const email = uniqueEmail("last");
    const { user, session } = await t.client.signUpSteppedUp(email, t.clock.now());
    const refused = await updateEmail(user, session, "");
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("LAST_SIGN_IN_METHOD");
    expect(await t.client.ok("lookup", { email })).toEqual({ orgId: user.orgId });

    const phone = uniquePhone();
    expect((await updatePhone(user, session, phone, await verify(phone, "OTP_TYPE_SMS"))).status).toBe(200);
    expect((await updateEmail(user, session, "")).status).toBe(200);
    expect(await t.client.ok("lookup", { email })).toEqual({ orgId: null });
    const last = await updatePhone(user, session, "");
    expect(last.status).toBe(400);
    expect(last.body.code).toBe("LAST_SIGN_IN_METHOD");
  });

  it("lets a passkey user with an email remove the email (the passkey remains)", async () => {
    const passkey = new SoftPasskey();
    const email = uniqueEmail("pk");
    const user = await t.client.ok("signup", { passkey: passkey.attestation(), email }, { Origin: APP_ORIGIN });
    expect((await updateEmail(user, passkey, "")).status).toBe(200);
    const who = await t.client.ok("whoami", { stampedRequest: passkey.stampedRequest(WHOAMI_URL, { organizationId: user.orgId, timestampMs: ts() }) });
    expect(who.email).toBeUndefined();
  });
});
