import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { p256 } from "@noble/curves/nist.js";
import { MFA_ACTIONS } from "../../wire/constants";
import { mfaRequest, newTargetKey, sessionFromBundle, stamp, type Answer, type Session, type User } from "./support/client";
import { startTestServer, uniqueEmail, uniquePhone, type TestServer } from "./support/emulator";
import { APP_ORIGIN, SoftPasskey, keyManagement } from "./support/passkey";
import { enrolTotp, userWithTotp, wrongCode } from "./support/totp";

// Step-up: with a session alone, the changes that would make a stolen session a lasting takeover are
// refused (403 STEP_UP_REQUIRED); a fresh proof (authenticator code, a code to the account's own
// contact, a passkey stamp) lets that one session make them for five minutes. A session's own
// sign-in is such a proof for its first five minutes, so "bare" sessions here are older than that
// (the clock moves, nothing waits).

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.emulator.stop());

const STEP = 30_000;
const WINDOW_MS = 5 * 60_000;
const ts = () => String(t.clock.now());
const URL_BASE = "https://api.turnkey.com/public/v1";
type Stamper = Session | SoftPasskey;
const stampOf = (by: Stamper) => (text: string) => (by instanceof SoftPasskey ? by.stamp(text) : stamp(text, by));

function signed(by: Stamper, operation: string, body: object) {
  const text = JSON.stringify(body);
  return { url: `${URL_BASE}/${operation}`, body: text, stamp: stampOf(by)(text) };
}

const km = (operation: string, body: object, by: Stamper) => keyManagement(t.emulator.url, operation, body, stampOf(by));

/** update-email-auth / update-phone-auth stamped by `by`: `value` "" removes, else `verificationToken` proves it. */
function updateContact(by: Stamper, user: User, kind: "email" | "phone", value: string, verificationToken?: string) {
  const [route, operation, type, field] =
    kind === "email"
      ? (["update-email-auth", "submit/update_user_email", "ACTIVITY_TYPE_UPDATE_USER_EMAIL", "userEmail"] as const)
      : (["update-phone-auth", "submit/update_user_phone_number", "ACTIVITY_TYPE_UPDATE_USER_PHONE_NUMBER", "userPhoneNumber"] as const);
  const parameters = { userId: user.userId, [field]: value, ...(verificationToken ? { verificationToken } : {}) };
  return t.client.post(route, { stampedRequest: signed(by, operation, { type, timestampMs: ts(), organizationId: user.orgId, parameters }) });
}

/** Every sensitive change, as a call that answers with the session `by` (fresh bodies each time). */
function sensitiveCalls(user: User, by: Stamper) {
  return {
    "update-email-auth (remove)": () => updateContact(by, user, "email", ""),
    "update-phone-auth (remove)": () => updateContact(by, user, "phone", ""),
    "remove-oauth-provider": () =>
      t.client.post("remove-oauth-provider", {
        stampedRequest: signed(by, "submit/delete_oauth_providers", {
          type: "ACTIVITY_TYPE_DELETE_OAUTH_PROVIDERS",
          timestampMs: ts(),
          organizationId: user.orgId,
          parameters: { userId: user.userId, providerIds: ["00000000-0000-4000-8000-000000000001"] },
        }),
      }),
    "submit/delete_authenticators": () =>
      km(
        "submit/delete_authenticators",
        { type: "ACTIVITY_TYPE_DELETE_AUTHENTICATORS", timestampMs: ts(), organizationId: user.orgId, parameters: { userId: user.userId, authenticatorIds: ["00000000-0000-4000-8000-000000000002"] } },
        by,
      ),
    "submit/export_wallet_account": () =>
      km(
        "submit/export_wallet_account",
        { type: "ACTIVITY_TYPE_EXPORT_WALLET_ACCOUNT", timestampMs: ts(), organizationId: user.orgId, parameters: { address: user.address, targetPublicKey: newTargetKey().publicKey } },
        by,
      ),
    "submit/export_wallet": async () => {
      const { walletId } = (await km("query/list_wallets", { organizationId: user.orgId }, by)).body.wallets[0];
      return km(
        "submit/export_wallet",
        { type: "ACTIVITY_TYPE_EXPORT_WALLET", timestampMs: ts(), organizationId: user.orgId, parameters: { walletId, targetPublicKey: newTargetKey().publicKey } },
        by,
      );
    },
    "submit/create_api_keys": () =>
      km(
        "submit/create_api_keys",
        {
          type: "ACTIVITY_TYPE_CREATE_API_KEYS_V2",
          timestampMs: ts(),
          organizationId: user.orgId,
          parameters: { userId: user.userId, apiKeys: [{ apiKeyName: "script", publicKey: Buffer.from(p256.getPublicKey(p256.utils.randomSecretKey(), true)).toString("hex"), curveType: "API_KEY_CURVE_P256" }] },
        },
        by,
      ),
  } satisfies Record<string, () => Promise<Pick<Answer, "status" | "body">>>;
}

/** What each call answers once the gate lets it through (the ids above name nothing, so some are 404 or 400). */
const PASSED: Record<keyof ReturnType<typeof sensitiveCalls>, number[]> = {
  "update-email-auth (remove)": [200, 400],
  "update-phone-auth (remove)": [200, 400],
  "remove-oauth-provider": [404],
  "submit/delete_authenticators": [404],
  "submit/export_wallet_account": [200],
  "submit/export_wallet": [200],
  "submit/create_api_keys": [200],
};

async function expectRefused(answer: Pick<Answer, "status" | "body">, what: string) {
  expect({ what, status: answer.status, code: answer.body?.code }).toEqual({ what, status: 403, code: "STEP_UP_REQUIRED" });
}

async function expectPassed(answer: Pick<Answer, "status" | "body">, what: keyof typeof PASSED) {
  expect({ what, passed: PASSED[what].includes(answer.status), body: answer.body?.code }).toMatchObject({ what, passed: true });
}

const removeFactor = (session: Session, user: User, factorId: string) =>
  t.client.post("auth-delete-multi-factors", { stampedRequest: mfaRequest(session, MFA_ACTIONS.delete, user.address, t.clock.now()), multiFactorIds: [factorId] });

const userWithFactor = () => userWithTotp(t, "stepup-totp");

/** Moves the clock past the window in which a session's own sign-in counts as its fresh proof. */
const ageSessions = () => t.clock.advance(WINDOW_MS);

describe("a bare session", () => {
  it("is refused every sensitive change, and told which proofs the account can give", async () => {
    const email = uniqueEmail("stepup");
    const { user, session } = await t.client.signUp(email);
    ageSessions();
    for (const [what, call] of Object.entries(sensitiveCalls(user, session))) await expectRefused(await call(), what);
    const refusal = await sensitiveCalls(user, session)["submit/export_wallet"]();
    expect(refusal.body.details).toEqual({ proofs: [{ type: "otp", otpType: "OTP_TYPE_EMAIL" }], windowSeconds: 300 });
    expect(refusal.body.message).toContain("a code sent to the email on the account");
    // Changing the email with only a code to the new address (as before) is refused too.
    const newEmail = uniqueEmail("stepup-new");
    const token = await t.client.verificationToken(newEmail);
    const change = await updateContact(session, user, "email", newEmail, token);
    await expectRefused(change, "update-email-auth with a token for the new address only");
  });

  it("cannot remove or replace the TOTP factor (auth-delete-multi-factors removed it before)", async () => {
    const { user, session, factorId } = await userWithFactor();
    const removed = await removeFactor(session, user, factorId);
    await expectRefused(removed, "auth-delete-multi-factors");
    expect(removed.body.details.proofs).toEqual([{ type: "totp", multiFactorId: factorId, multiFactorType: "totp" }]);
    const replaced = await t.client.post("auth-request-multi-factor", { stampedRequest: mfaRequest(session, MFA_ACTIONS.add, user.address, t.clock.now()), multiFactorType: "totp" });
    await expectRefused(replaced, "auth-request-multi-factor with a factor enrolled");
    const listed = await t.client.ok("auth-list-multi-factors", { stampedRequest: mfaRequest(session, MFA_ACTIONS.list, user.address, t.clock.now()) });
    expect(listed.multiFactors).toEqual([{ multiFactorId: factorId, multiFactorType: "totp" }]);
  });
});

/** The ways in a session could add for the thief: a passkey, a linked provider, an authenticator app. */
function addCalls(user: User, by: Session) {
  return {
    "submit/create_authenticators": () =>
      km(
        "submit/create_authenticators",
        {
          type: "ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2",
          timestampMs: ts(),
          organizationId: user.orgId,
          parameters: { userId: user.userId, authenticators: [{ authenticatorName: "added", ...new SoftPasskey().attestation() }] },
        },
        by,
      ),
    // The gate comes before the id token is read: a token that is no JWT answers 400 once past it.
    "add-oauth-provider": () =>
      t.client.post("add-oauth-provider", {
        stampedRequest: signed(by, "submit/create_oauth_providers", {
          type: "ACTIVITY_TYPE_CREATE_OAUTH_PROVIDERS",
          timestampMs: ts(),
          organizationId: user.orgId,
          parameters: { userId: user.userId, oauthProviders: [{ providerName: "google", oidcToken: "not-a-jwt" }] },
        }),
      }),
    "auth-request-multi-factor (first factor)": () =>
      t.client.post("auth-request-multi-factor", { stampedRequest: mfaRequest(by, MFA_ACTIONS.add, user.address, t.clock.now()), multiFactorType: "totp" }),
  } satisfies Record<string, () => Promise<Pick<Answer, "status" | "body">>>;
}

const ADDED: Record<keyof ReturnType<typeof addCalls>, number> = {
  "submit/create_authenticators": 200,
  "add-oauth-provider": 400,
  "auth-request-multi-factor (first factor)": 200,
};

describe("a session's own sign-in, and adding a way in", () => {
  it("a session a first-factor sign-in opened under five minutes ago is its own proof: it adds a passkey, enrols TOTP, exports; at five minutes it is refused", async () => {
    const email = uniqueEmail("stepup-signin");
    const { user, session } = await t.client.signUp(email);
    for (const [what, call] of Object.entries(addCalls(user, session))) {
      expect({ what, status: (await call()).status }).toEqual({ what, status: ADDED[what as keyof typeof ADDED] });
    }
    t.clock.advance(WINDOW_MS - 1_000);
    await expectPassed(await sensitiveCalls(user, session)["submit/export_wallet_account"](), "submit/export_wallet_account");
    t.clock.advance(1_000);
    await expectRefused(await sensitiveCalls(user, session)["submit/export_wallet_account"](), "at five minutes");
  });

  it("an older session is refused adding a passkey, linking a provider or enrolling a first authenticator app; a code to the email lets it", async () => {
    const email = uniqueEmail("stepup-add");
    const { user, session } = await t.client.signUp(email);
    ageSessions();
    for (const [what, call] of Object.entries(addCalls(user, session))) await expectRefused(await call(), what);
    expect((await t.client.stepUp(session, user.address, { contact: email }, t.clock.now())).status).toBe(200);
    for (const [what, call] of Object.entries(addCalls(user, session))) {
      expect({ what, status: (await call()).status }).toEqual({ what, status: ADDED[what as keyof typeof ADDED] });
    }
  });

  it("with an authenticator app enrolled, a fresh sign-in counts only if it passed the app's code", async () => {
    const email = uniqueEmail("stepup-signin-totp");
    const { user, session } = await t.client.signUp(email);
    const { factorId, app } = await enrolTotp(t, session, user);
    // This session's sign-in came before the factor: it never passed it.
    await expectRefused(await sensitiveCalls(user, session)["submit/export_wallet_account"](), "a sign-in before the factor");
    const target = newTargetKey();
    const { orgId, otpId } = await t.client.ok("auth", { email, targetPublicKey: target.publicKey });
    const asked = await t.client.ok("otp", { orgId, otpId, otpCode: await t.client.latestCode(email), targetPublicKey: target.publicKey });
    expect(asked.status).toBe("MFA_REQUIRED");
    const validated = await t.client.ok("auth-validate-multi-factors", {
      encryptedPayload: asked.encryptedPayload,
      multiFactors: [{ multiFactorId: factorId, multiFactorCode: app.code(t.clock.now()) }],
    });
    const withFactor = await sessionFromBundle(orgId, validated.payload.credentialBundle, target);
    await expectPassed(await sensitiveCalls(user, withFactor)["submit/export_wallet_account"](), "submit/export_wallet_account");
  });
});

describe("a fresh proof", () => {
  it("a TOTP code (step-up) lets the session remove the factor; a code to the email is not enough when a factor is enrolled", async () => {
    const { email, user, session, factorId, app } = await userWithFactor();
    const byEmail = await t.client.stepUp(session, user.address, { contact: email }, t.clock.now());
    expect(byEmail.status).toBe(400);
    expect(byEmail.body.code).toBe("STEP_UP_PROOF_NOT_ACCEPTED");
    const wrong = await t.client.stepUp(session, user.address, { multiFactors: [{ multiFactorId: factorId, multiFactorCode: wrongCode(app, t.clock.now()) }] }, t.clock.now());
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain("Invalid MFA code");
    await expectRefused(await removeFactor(session, user, factorId), "after a wrong code");

    const proved = await t.client.stepUp(session, user.address, { multiFactors: [{ multiFactorId: factorId, multiFactorCode: app.code(t.clock.now()) }] }, t.clock.now());
    expect(proved).toMatchObject({ status: 200, body: { windowSeconds: 300 } });
    for (const [what, call] of Object.entries(sensitiveCalls(user, session))) {
      if (what.startsWith("update-")) continue; // would leave the account without its email
      await expectPassed(await call(), what as keyof typeof PASSED);
    }
    const removed = await removeFactor(session, user, factorId);
    expect(removed).toMatchObject({ status: 200, body: { multiFactors: [] } });
  });

  it("Account Kit's verifyMfa with the enrolled factor's code is a step-up too; enrolling a new factor is not", async () => {
    const { user, session, factorId, app } = await userWithFactor();
    // Enrolment (a factor not verified before) proved nothing about the account: still refused.
    await expectRefused(await sensitiveCalls(user, session)["submit/export_wallet"](), "right after enrolment");
    const verified = await t.client.post("auth-verify-multi-factor", {
      stampedRequest: mfaRequest(session, MFA_ACTIONS.verify, user.address, t.clock.now()),
      multiFactorId: factorId,
      multiFactorCode: app.code(t.clock.now()),
    });
    expect(verified.status).toBe(200);
    expect((await removeFactor(session, user, factorId)).status).toBe(200);
  });

  it("a code sent to the account's own email lets the session change the email (with the new address's code)", async () => {
    const email = uniqueEmail("stepup-mail");
    const { user, session } = await t.client.signUp(email);
    const other = await t.client.stepUp(session, user.address, { contact: uniqueEmail("not-mine") }, t.clock.now());
    expect(other.status).toBe(400);
    expect(other.body.code).toBe("VERIFICATION_TOKEN_MISMATCH");
    const token = await t.client.verificationToken(email);
    const stepUp = (verificationToken: string) =>
      t.client.post("step-up", { stampedRequest: mfaRequest(session, "step_up", user.address, t.clock.now()), verificationToken });
    expect((await stepUp(token)).status).toBe(200);
    const again = await stepUp(token);
    expect(again.body.code).toBe("VERIFICATION_TOKEN_USED");

    const newEmail = uniqueEmail("stepup-moved");
    const changed = await updateContact(session, user, "email", newEmail, await t.client.verificationToken(newEmail));
    expect(changed.status).toBe(200);
    expect((await t.client.ok("lookup", { email: newEmail })).orgId).toBe(user.orgId);
  });

  it("a code to the account's phone works for a user who has one", async () => {
    const email = uniqueEmail("stepup-phone");
    const { user, session } = await t.client.signUp(email);
    t.clock.advance(STEP);
    expect((await t.client.stepUp(session, user.address, { contact: email }, t.clock.now())).status).toBe(200);
    const phone = uniquePhone();
    const added = await updateContact(session, user, "phone", phone, await t.client.verificationToken(phone, "OTP_TYPE_SMS"));
    expect(added.status).toBe(200);
    const later = await t.client.signIn(email);
    ageSessions();
    await expectRefused(await sensitiveCalls(user, later)["submit/create_api_keys"](), "a new session");
    const refusal = await sensitiveCalls(user, later)["submit/create_api_keys"]();
    expect(refusal.body.details.proofs).toEqual([{ type: "otp", otpType: "OTP_TYPE_EMAIL" }, { type: "otp", otpType: "OTP_TYPE_SMS" }]);
    t.clock.advance(STEP);
    expect((await t.client.stepUp(later, user.address, { contact: phone, otpType: "OTP_TYPE_SMS" }, t.clock.now())).status).toBe(200);
    expect((await sensitiveCalls(user, later)["submit/create_api_keys"]()).status).toBe(200);
  });

  it("a passkey stamp carries its own proof; the session beside it still needs one", async () => {
    const passkey = new SoftPasskey();
    const email = uniqueEmail("stepup-passkey");
    const user = await t.client.ok<User>("signup", { passkey: passkey.attestation(), email }, { Origin: APP_ORIGIN });
    for (const [what, call] of Object.entries(sensitiveCalls(user, passkey))) {
      if (what.startsWith("update-")) continue;
      await expectPassed(await call(), what as keyof typeof PASSED);
    }
    const session = await t.client.signIn(email);
    ageSessions();
    const refusal = await sensitiveCalls(user, session)["submit/export_wallet_account"]();
    await expectRefused(refusal, "the email session of a passkey user");
    expect(refusal.body.details.proofs).toEqual([{ type: "otp", otpType: "OTP_TYPE_EMAIL" }, { type: "passkey" }]);
  });
});

describe("a passkey beside the session", () => {
  it("the same step-up body stamped by one of the user's passkeys steps the session up; another user's passkey does not", async () => {
    const passkey = new SoftPasskey();
    const email = uniqueEmail("stepup-cosign");
    const user = await t.client.ok<User>("signup", { passkey: passkey.attestation(), email }, { Origin: APP_ORIGIN });
    const session = await t.client.signIn(email);
    ageSessions();
    const cosigned = (by: SoftPasskey) => {
      const stampedRequest = mfaRequest(session, "step_up", user.address, t.clock.now());
      return t.client.post("step-up", { stampedRequest, passkeyStamp: by.stamp(stampedRequest.body) });
    };
    const stranger = new SoftPasskey();
    await t.client.ok("signup", { passkey: stranger.attestation() }, { Origin: APP_ORIGIN });
    const foreign = await cosigned(stranger);
    expect([foreign.status, foreign.body.code]).toEqual([401, "UNKNOWN_CREDENTIAL"]);
    await expectRefused(await sensitiveCalls(user, session)["submit/export_wallet"](), "after a stranger's passkey");
    expect((await cosigned(passkey)).status).toBe(200);
    expect((await sensitiveCalls(user, session)["submit/export_wallet"]()).status).toBe(200);
  });
});

describe("what a proof is bound to", () => {
  it("goes stale after five minutes; a code verified more than five minutes ago is refused", async () => {
    const email = uniqueEmail("stepup-stale");
    const { user, session } = await t.client.signUp(email);
    expect((await t.client.stepUp(session, user.address, { contact: email }, t.clock.now())).status).toBe(200);
    t.clock.advance(WINDOW_MS - 5_000);
    expect((await sensitiveCalls(user, session)["submit/export_wallet_account"]()).status).toBe(200);
    t.clock.advance(10_000);
    await expectRefused(await sensitiveCalls(user, session)["submit/export_wallet_account"](), "after the window");

    t.clock.advance(STEP);
    const old = await t.client.verificationToken(email);
    t.clock.advance(WINDOW_MS + 1_000);
    const stale = await t.client.post("step-up", { stampedRequest: mfaRequest(session, "step_up", user.address, t.clock.now()), verificationToken: old });
    expect(stale.status).toBe(400);
    expect(stale.body.code).toBe("STALE_PROOF");
  });

  it("belongs to the session that proved it: another session of the same user is still refused", async () => {
    const email = uniqueEmail("stepup-two");
    const { user, session: first } = await t.client.signUp(email);
    const second = await t.client.signIn(email);
    ageSessions();
    expect((await t.client.stepUp(first, user.address, { contact: email }, t.clock.now())).status).toBe(200);
    await expectRefused(await sensitiveCalls(user, second)["submit/export_wallet"](), "the other session");
    expect((await sensitiveCalls(user, first)["submit/export_wallet"]()).status).toBe(200);
  });

  it("refuses a step-up without a proof, with two, or stamped for another action", async () => {
    const email = uniqueEmail("stepup-bad");
    const { user, session } = await t.client.signUp(email);
    const none = await t.client.post("step-up", { stampedRequest: mfaRequest(session, "step_up", user.address, t.clock.now()) });
    expect(none).toMatchObject({ status: 400, body: { code: "INVALID_REQUEST" } });
    const token = await t.client.verificationToken(email);
    const both = await t.client.post("step-up", {
      stampedRequest: mfaRequest(session, "step_up", user.address, t.clock.now()),
      verificationToken: token,
      multiFactors: [{ multiFactorId: "00000000-0000-4000-8000-000000000003", multiFactorCode: "123456" }],
    });
    expect(both).toMatchObject({ status: 400, body: { code: "INVALID_REQUEST" } });
    const otherAction = await t.client.post("step-up", { stampedRequest: mfaRequest(session, MFA_ACTIONS.list, user.address, t.clock.now()), verificationToken: token });
    expect(otherAction).toMatchObject({ status: 400, body: { code: "INVALID_REQUEST" } });
  });
});
