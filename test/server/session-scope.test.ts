import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashMessage, recoverAddress } from "viem";
import { MFA_ACTIONS, REVOKE_SESSION_ACTIVITY, SCOPED_SESSION_ACTIVITY, SIGN_ONLY_SCOPE } from "../../wire/constants";
import {
  mfaRequest,
  newTargetKey,
  sessionFromBundle,
  SIGN_RAW_PAYLOAD_URL,
  signRawPayloadBody,
  stamp,
  stampedRequest,
  WHOAMI_URL,
  type Session,
  type User,
} from "./support/client";
import { startTestServer, uniqueEmail, type TestServer } from "./support/emulator";
import { APP_ORIGIN, keyManagement, kmUrl, SoftPasskey } from "./support/passkey";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.emulator.stop());

const ts = () => String(t.clock.now());
const km = (operation: string, body: object, session: Session) => keyManagement(t.emulator.url, operation, body, (text) => stamp(text, session));

const scopedBody = (orgId: string, targetPublicKey: string, expirationSeconds?: number) => ({
  type: SCOPED_SESSION_ACTIVITY,
  timestampMs: ts(),
  organizationId: orgId,
  parameters: { targetPublicKey, scope: SIGN_ONLY_SCOPE, ...(expirationSeconds ? { expirationSeconds } : {}) },
});

/** A sign-only session of `user`, asked for by their full `session`. */
async function signOnly(user: User, session: Session, expirationSeconds?: number) {
  const target = newTargetKey();
  const answer = await t.client.post("scoped-session", { stampedRequest: stampedRequest(kmUrl("submit/create_scoped_session"), scopedBody(user.orgId, target.publicKey, expirationSeconds), session) });
  expect(answer.status).toBe(200);
  return { narrow: await sessionFromBundle(user.orgId, answer.body.credentialBundle, target), expiresAtMs: answer.body.expiresAtMs as number };
}

const refusedForScope = (answer: { status: number; body: { code?: string; message?: string } }) => {
  expect([answer.status, answer.body.code]).toEqual([403, "SESSION_SCOPE_SIGN_ONLY"]);
  expect(answer.body.message).toBe("This session can sign but not export the wallet or change how you sign in. Sign in again to do that.");
};

describe("a sign-only session key (scoped-session)", () => {
  it("reads and signs on every signing route", async () => {
    const { user, session } = await t.client.signUp(uniqueEmail("scope-sign"));
    const { narrow } = await signOnly(user, session);
    expect((await t.client.post("whoami", { stampedRequest: stampedRequest(WHOAMI_URL, { organizationId: user.orgId, timestampMs: ts() }, narrow) })).body.address).toBe(user.address);
    const hash = hashMessage("signed by a sign-only key");
    const signed = await t.client.post("sign-payload", {
      stampedRequest: stampedRequest(SIGN_RAW_PAYLOAD_URL, signRawPayloadBody(narrow, { hashFunction: "HASH_FUNCTION_NO_OP", payload: hash, signWith: user.address }, t.clock.now()), narrow),
    });
    expect(await recoverAddress({ hash, signature: signed.body.signature })).toBe(user.address);
    const activity = await km("submit/sign_raw_payload", signRawPayloadBody(narrow, { hashFunction: "HASH_FUNCTION_NO_OP", payload: hashMessage("activity"), signWith: user.address }, t.clock.now()), narrow);
    expect(activity.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
    expect((await km("query/list_wallets", { organizationId: user.orgId }, narrow)).status).toBe(200);
    expect((await t.client.post("auth-list-multi-factors", { stampedRequest: mfaRequest(narrow, MFA_ACTIONS.list, user.address, t.clock.now()) })).status).toBe(200);
    const methods = await t.client.post("list-auth-methods", {
      suborgId: user.orgId,
      stampedRequest: stampedRequest(kmUrl("query/list_authenticators"), { organizationId: user.orgId, userId: user.userId, timestampMs: ts() }, narrow),
    });
    expect(methods.status).toBe(200);
  });

  it("is refused (403 SESSION_SCOPE_SIGN_ONLY) export, factor and contact changes, API keys, passkeys and new sessions; the full key is not", async () => {
    // Stepped up (a code to the email): the full key then exports (step-up.test.ts); the narrow one is refused for its scope first.
    const { user, session } = await t.client.signUpSteppedUp(uniqueEmail("scope-refused"), t.clock.now());
    const { narrow } = await signOnly(user, session);
    const { walletId } = (await km("query/list_wallets", { organizationId: user.orgId }, narrow)).body.wallets[0];
    const exportBody = () => ({ type: "ACTIVITY_TYPE_EXPORT_WALLET", timestampMs: ts(), organizationId: user.orgId, parameters: { walletId, targetPublicKey: newTargetKey().publicKey } });
    refusedForScope(await km("submit/export_wallet", exportBody(), narrow));
    refusedForScope(
      await km("submit/export_wallet_account", { type: "ACTIVITY_TYPE_EXPORT_WALLET_ACCOUNT", timestampMs: ts(), organizationId: user.orgId, parameters: { address: user.address, targetPublicKey: newTargetKey().publicKey } }, narrow),
    );
    refusedForScope(await t.client.post("auth-request-multi-factor", { stampedRequest: mfaRequest(narrow, MFA_ACTIONS.add, user.address, t.clock.now()), multiFactorType: "totp" }));
    refusedForScope(await t.client.post("auth-delete-multi-factors", { stampedRequest: mfaRequest(narrow, MFA_ACTIONS.delete, user.address, t.clock.now()), multiFactorIds: [crypto.randomUUID()] }));
    refusedForScope(
      await t.client.post("update-email-auth", {
        stampedRequest: stampedRequest(kmUrl("submit/update_user_email"), { type: "ACTIVITY_TYPE_UPDATE_USER_EMAIL", timestampMs: ts(), organizationId: user.orgId, parameters: { userId: user.userId, userEmail: "" } }, narrow),
      }),
    );
    const apiKey = Buffer.from(newTargetKey().publicKey.slice(2, 66), "hex");
    refusedForScope(
      await km(
        "submit/create_api_keys",
        { type: "ACTIVITY_TYPE_CREATE_API_KEYS_V2", timestampMs: ts(), organizationId: user.orgId, parameters: { userId: user.userId, apiKeys: [{ apiKeyName: "k", publicKey: `02${apiKey.toString("hex")}`, curveType: "API_KEY_CURVE_P256" }] } },
        narrow,
      ),
    );
    refusedForScope(await km("submit/delete_authenticators", { type: "ACTIVITY_TYPE_DELETE_AUTHENTICATORS", timestampMs: ts(), organizationId: user.orgId, parameters: { userId: user.userId, authenticatorIds: [crypto.randomUUID()] } }, narrow));
    refusedForScope(await t.client.post("scoped-session", { stampedRequest: stampedRequest(kmUrl("submit/create_scoped_session"), scopedBody(user.orgId, newTargetKey().publicKey), narrow) }));
    // The full session of the same user exports.
    expect((await km("submit/export_wallet", exportBody(), session)).body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
  });

  it("never outlives the credential that asked for it, and logs out like any session key", async () => {
    const email = uniqueEmail("scope-expiry");
    const { user } = await t.client.signUp(email);
    const target = newTargetKey();
    const { orgId, otpId } = await t.client.ok("auth", { email, targetPublicKey: target.publicKey });
    const short = await t.client.submitCode(orgId, otpId, await t.client.latestCode(email), target, { expirationSeconds: 120 });
    const { narrow, expiresAtMs } = await signOnly(user, short, 86_400);
    expect(expiresAtMs).toBeLessThanOrEqual(t.clock.now() + 120_000);
    const revoke = await t.client.post("revoke-session", {
      stampedRequest: stampedRequest(kmUrl("submit/revoke_session"), { type: REVOKE_SESSION_ACTIVITY, timestampMs: ts(), organizationId: user.orgId }, narrow),
    });
    expect(revoke.status).toBe(200);
    const after = await t.client.post("whoami", { stampedRequest: stampedRequest(WHOAMI_URL, { organizationId: user.orgId, timestampMs: ts() }, narrow) });
    expect([after.status, after.body.code]).toEqual([401, "UNKNOWN_API_KEY"]);
  });

  it("can be asked for with a passkey stamp; refuses a scope it does not know", async () => {
    const passkey = new SoftPasskey();
    const user = await t.client.ok("signup", { passkey: passkey.attestation() }, { Origin: APP_ORIGIN });
    const target = newTargetKey();
    const answer = await t.client.post("scoped-session", { stampedRequest: passkey.stampedRequest(kmUrl("submit/create_scoped_session"), scopedBody(user.orgId, target.publicKey)) });
    expect(answer.status).toBe(200);
    const narrow = await sessionFromBundle(user.orgId, answer.body.credentialBundle, target);
    refusedForScope(
      await km("submit/export_wallet_account", { type: "ACTIVITY_TYPE_EXPORT_WALLET_ACCOUNT", timestampMs: ts(), organizationId: user.orgId, parameters: { address: user.address, targetPublicKey: newTargetKey().publicKey } }, narrow),
    );
    const wider = { ...scopedBody(user.orgId, target.publicKey), parameters: { targetPublicKey: target.publicKey, scope: "SESSION_SCOPE_FULL" } };
    expect((await t.client.post("scoped-session", { stampedRequest: passkey.stampedRequest(kmUrl("submit/create_scoped_session"), wider) })).status).toBe(400);
  });
});
