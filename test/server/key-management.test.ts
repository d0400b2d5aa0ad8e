import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mnemonicToAccount, privateKeyToAddress } from "viem/accounts";
import { ed25519 } from "@noble/curves/ed25519.js";
import { base58 } from "@scure/base";
import { newTargetKey, stamp, WHOAMI_URL, type Session, type User } from "./support/client";
import { startTestServer, uniqueEmail, type TestServer } from "./support/emulator";
import { exportFrameSigningKey, openExportBundle } from "./support/exportBundle";
import { APP_ORIGIN, SoftPasskey, keyManagement } from "./support/passkey";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.emulator.stop());

const apiKey = (session: Session) => (text: string) => stamp(text, session);
const km = (operation: string, body: object | string, stamper: Parameters<typeof keyManagement>[3]) => keyManagement(t.emulator.url, operation, body, stamper);
const ts = () => String(t.clock.now());

async function emailUser(): Promise<{ user: User; session: Session; email: string }> {
  const email = uniqueEmail("km");
  const { user, session } = await t.client.signUpSteppedUp(email, t.clock.now());
  return { user, session, email };
}

function createBody(user: User, passkey: SoftPasskey, name = `passkey-${t.clock.now()}`) {
  return {
    type: "ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2",
    timestampMs: ts(),
    organizationId: user.orgId,
    parameters: { userId: user.userId, authenticators: [{ authenticatorName: name, ...passkey.attestation() }] },
  };
}

const deleteBody = (user: User, authenticatorIds: string[]) => ({
  type: "ACTIVITY_TYPE_DELETE_AUTHENTICATORS",
  timestampMs: ts(),
  organizationId: user.orgId,
  parameters: { userId: user.userId, authenticatorIds },
});

describe("create, list and delete authenticators", () => {
  it("adds a passkey as a PENDING activity that a later poll reports COMPLETED; the passkey then signs in", async () => {
    const { user, session } = await emailUser();
    const passkey = new SoftPasskey();
    const submitted = await km("submit/create_authenticators", createBody(user, passkey, "passkey-1"), apiKey(session));
    expect(submitted.status).toBe(200);
    expect(submitted.body.activity).toMatchObject({ status: "ACTIVITY_STATUS_PENDING", type: "ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2", organizationId: user.orgId });
    const activityId = submitted.body.activity.id;
    const polled = await km("query/get_activity", { organizationId: user.orgId, activityId }, apiKey(session));
    expect(polled.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
    const [authenticatorId] = polled.body.activity.result.createAuthenticatorsResult.authenticatorIds;
    expect(authenticatorId).toMatch(/^[0-9a-f-]{36}$/);
    // Polled again: still completed, same result.
    expect((await km("query/get_activity", { organizationId: user.orgId, activityId }, apiKey(session))).body.activity.result).toEqual(polled.body.activity.result);

    const listed = await km("query/list_authenticators", { organizationId: user.orgId, userId: user.userId }, apiKey(session));
    expect(listed.body.authenticators).toEqual([
      expect.objectContaining({ authenticatorId, authenticatorName: "passkey-1", credentialId: passkey.credentialId, transports: ["AUTHENTICATOR_TRANSPORT_INTERNAL", "AUTHENTICATOR_TRANSPORT_HYBRID"] }),
    ]);
    const methods = await t.client.ok("list-auth-methods", {
      suborgId: user.orgId,
      stampedRequest: { url: "x/public/v1/query/list_authenticators", ...signed({ organizationId: user.orgId, userId: user.userId, timestampMs: ts() }, session) },
    });
    expect(methods.passkeys).toEqual([{ authenticatorId, name: "passkey-1", createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }]);

    const who = await t.client.ok("whoami", { stampedRequest: passkey.stampedRequest(WHOAMI_URL, { organizationId: user.orgId, timestampMs: ts() }) });
    expect(who.userId).toBe(user.userId);
  });

  it("refuses an invalid attestation, another user id, and a credential registered already", async () => {
    const { user, session } = await emailUser();
    const passkey = new SoftPasskey();
    const bad = createBody(user, passkey);
    bad.parameters.authenticators[0]!.challenge = "b3RoZXI";
    const invalid = await km("submit/create_authenticators", bad, apiKey(session));
    expect(invalid.status).toBe(400);
    expect(invalid.body.code).toBe("INVALID_PASSKEY");
    const wrongUser = createBody(user, passkey);
    wrongUser.parameters.userId = "00000000-0000-4000-8000-000000000000";
    expect((await km("submit/create_authenticators", wrongUser, apiKey(session))).status).toBe(403);
    expect((await km("submit/create_authenticators", createBody(user, passkey), apiKey(session))).status).toBe(200);
    const again = await km("submit/create_authenticators", createBody(user, passkey), apiKey(session));
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("PASSKEY_EXISTS");
  });

  it("deletes a passkey (COMPLETED at once); that passkey can no longer sign in", async () => {
    const { user, session } = await emailUser();
    const passkey = new SoftPasskey();
    const { body } = await km("submit/create_authenticators", createBody(user, passkey), apiKey(session));
    const done = await km("query/get_activity", { organizationId: user.orgId, activityId: body.activity.id }, apiKey(session));
    const [id] = done.body.activity.result.createAuthenticatorsResult.authenticatorIds;
    const deleted = await km("submit/delete_authenticators", deleteBody(user, [id]), apiKey(session));
    expect(deleted.body.activity).toMatchObject({ status: "ACTIVITY_STATUS_COMPLETED", result: { deleteAuthenticatorsResult: { authenticatorIds: [id] } } });
    expect((await km("query/list_authenticators", { organizationId: user.orgId }, apiKey(session))).body.authenticators).toEqual([]);
    const refused = await t.client.post("whoami", { stampedRequest: passkey.stampedRequest(WHOAMI_URL, { organizationId: user.orgId, timestampMs: ts() }) });
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe("UNKNOWN_CREDENTIAL");
    const missing = await km("submit/delete_authenticators", deleteBody(user, [id]), apiKey(session));
    expect(missing.status).toBe(404);
  });

  it("renames a passkey (COMPLETED at once); another organisation's or an unknown id is 404, an empty name refused", async () => {
    const { user, session } = await emailUser();
    const { body } = await km("submit/create_authenticators", createBody(user, new SoftPasskey(), "Chrome on Linux, 26 Nov 2026"), apiKey(session));
    const done = await km("query/get_activity", { organizationId: user.orgId, activityId: body.activity.id }, apiKey(session));
    const [id] = done.body.activity.result.createAuthenticatorsResult.authenticatorIds;
    const rename = (name: string, authenticatorId = id, who = user, stamper = apiKey(session)) =>
      km("submit/update_authenticator_name", {
        type: "ACTIVITY_TYPE_UPDATE_AUTHENTICATOR_NAME",
        timestampMs: ts(),
        organizationId: who.orgId,
        parameters: { userId: who.userId, authenticatorId, authenticatorName: name },
      }, stamper);
    const renamed = await rename("Work laptop");
    expect(renamed.body.activity).toMatchObject({ status: "ACTIVITY_STATUS_COMPLETED", result: { updateAuthenticatorNameResult: { authenticatorId: id } } });
    const listed = await km("query/list_authenticators", { organizationId: user.orgId }, apiKey(session));
    expect(listed.body.authenticators).toEqual([expect.objectContaining({ authenticatorId: id, authenticatorName: "Work laptop" })]);
    expect((await rename("x", "00000000-0000-4000-8000-000000000000")).body.code).toBe("AUTHENTICATOR_NOT_FOUND");
    const other = await emailUser();
    expect((await rename("mine now", id, other.user, apiKey(other.session))).status).toBe(404);
    expect((await rename("")).status).toBe(400);
  });

  it("refuses to delete the last way to sign in (a passkey-only user's only passkey), with a passkey stamp too", async () => {
    const passkey = new SoftPasskey();
    const user = await t.client.ok("signup", { passkey: passkey.attestation() }, { Origin: APP_ORIGIN });
    const listed = await km("query/list_authenticators", { organizationId: user.orgId }, (text) => passkey.stamp(text));
    const [only] = listed.body.authenticators;
    const refused = await km("submit/delete_authenticators", deleteBody(user, [only.authenticatorId]), (text) => passkey.stamp(text));
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("LAST_SIGN_IN_METHOD");
    expect(refused.body.message).toContain("last way to sign in");
    expect((await km("query/list_authenticators", { organizationId: user.orgId }, (text) => passkey.stamp(text))).body.authenticators).toHaveLength(1);

    // With a second passkey, the first one can go.
    const second = new SoftPasskey();
    const added = await km("submit/create_authenticators", createBody(user, second), (text) => passkey.stamp(text));
    expect(added.status).toBe(200);
    expect((await km("submit/delete_authenticators", deleteBody(user, [only.authenticatorId]), (text) => second.stamp(text))).status).toBe(200);
  });

  it("refuses calls without a stamp, with a stamp of another organisation, unknown operations, and others' activities", async () => {
    const a = await emailUser();
    const b = await emailUser();
    const noStamp = await km("query/list_wallets", { organizationId: a.user.orgId }, null);
    expect(noStamp.status).toBe(401);
    expect(noStamp.body.code).toBe("MISSING_STAMP");
    const otherOrg = await km("query/list_wallets", { organizationId: a.user.orgId }, apiKey(b.session));
    expect(otherOrg.status).toBe(401);
    expect(otherOrg.body.code).toBe("UNKNOWN_API_KEY");
    expect((await km("submit/create_private_keys", { organizationId: a.user.orgId }, apiKey(a.session))).status).toBe(404);
    const { body } = await km("submit/create_authenticators", createBody(a.user, new SoftPasskey()), apiKey(a.session));
    const foreign = await km("query/get_activity", { organizationId: b.user.orgId, activityId: body.activity.id }, apiKey(b.session));
    expect(foreign.status).toBe(404);
    // A submit must be timed; the same body twice is a replay.
    const untimed = await km("submit/delete_authenticators", { ...deleteBody(a.user, ["00000000-0000-4000-8000-000000000000"]), timestampMs: undefined }, apiKey(a.session));
    expect(untimed.status).toBe(400);
    const once = JSON.stringify(createBody(a.user, new SoftPasskey()));
    expect((await km("submit/create_authenticators", once, apiKey(a.session))).status).toBe(200);
    expect((await km("submit/create_authenticators", once, apiKey(a.session))).body.code).toBe("REPLAYED_REQUEST");
  });
});

describe("wallets and export", () => {
  it("lists the wallet and its accounts", async () => {
    const { user, session } = await emailUser();
    const wallets = await km("query/list_wallets", { organizationId: user.orgId }, apiKey(session));
    expect(wallets.body.wallets).toEqual([expect.objectContaining({ walletId: expect.stringMatching(/^[0-9a-f-]{36}$/), walletName: expect.any(String) })]);
    const walletId = wallets.body.wallets[0].walletId;
    const accounts = await km("query/list_wallet_accounts", { organizationId: user.orgId, walletId }, apiKey(session));
    expect(accounts.body.accounts.map((a: { address: string }) => a.address)).toEqual([user.address, user.solanaAddress]);
  });

  it("exports the seed phrase sealed to the frame key, signed by the key the export frame page carries", async () => {
    const { user, session } = await emailUser();
    const signingKey = await exportFrameSigningKey(t.emulator.url);
    const { walletId } = (await km("query/list_wallets", { organizationId: user.orgId }, apiKey(session))).body.wallets[0];
    const target = newTargetKey();
    const exported = await km(
      "submit/export_wallet",
      { type: "ACTIVITY_TYPE_EXPORT_WALLET", timestampMs: ts(), organizationId: user.orgId, parameters: { walletId, targetPublicKey: target.publicKey } },
      apiKey(session),
    );
    expect(exported.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
    const { exportBundle } = exported.body.activity.result.exportWalletResult;
    const mnemonic = new TextDecoder().decode(await openExportBundle(exportBundle, target, signingKey, user.orgId));
    expect(mnemonic.split(" ")).toHaveLength(12);
    expect(mnemonicToAccount(mnemonic).address).toBe(user.address);
    // Another target key cannot open it; a bundle for another organisation is refused by the checks.
    await expect(openExportBundle(exportBundle, newTargetKey(), signingKey, user.orgId)).rejects.toThrow();
    await expect(openExportBundle(exportBundle, target, signingKey, "00000000-0000-4000-8000-000000000000")).rejects.toThrow("other organisation");
  });

  it("exports the EVM and Solana private keys of the accounts, with a passkey stamp too", async () => {
    const passkey = new SoftPasskey();
    const user = await t.client.ok("signup", { passkey: passkey.attestation() }, { Origin: APP_ORIGIN });
    const signingKey = await exportFrameSigningKey(t.emulator.url);
    const exportAccount = async (address: string, target = newTargetKey()) => {
      const answer = await km(
        "submit/export_wallet_account",
        { type: "ACTIVITY_TYPE_EXPORT_WALLET_ACCOUNT", timestampMs: ts(), organizationId: user.orgId, parameters: { address, targetPublicKey: target.publicKey } },
        (text) => passkey.stamp(text),
      );
      return { answer, target };
    };
    const evm = await exportAccount(user.address);
    const evmKey = await openExportBundle(evm.answer.body.activity.result.exportWalletAccountResult.exportBundle, evm.target, signingKey, user.orgId);
    expect(privateKeyToAddress(`0x${Buffer.from(evmKey).toString("hex")}`)).toBe(user.address);
    const sol = await exportAccount(user.solanaAddress);
    const solKey = await openExportBundle(sol.answer.body.activity.result.exportWalletAccountResult.exportBundle, sol.target, signingKey, user.orgId);
    expect(base58.encode(ed25519.getPublicKey(solKey))).toBe(user.solanaAddress);
    const unknown = await exportAccount("0x000000000000000000000000000000000000dEaD");
    expect(unknown.answer.status).toBe(404);
    expect(unknown.answer.body.message).toContain("Could not find wallet associated with");
  });

  it("refuses another wallet id and a target key that is not a P-256 point", async () => {
    const { user, session } = await emailUser();
    const body = (walletId: string, targetPublicKey: string) => ({
      type: "ACTIVITY_TYPE_EXPORT_WALLET",
      timestampMs: ts(),
      organizationId: user.orgId,
      parameters: { walletId, targetPublicKey },
    });
    expect((await km("submit/export_wallet", body("00000000-0000-4000-8000-000000000000", newTargetKey().publicKey), apiKey(session))).status).toBe(404);
    const { walletId } = (await km("query/list_wallets", { organizationId: user.orgId }, apiKey(session))).body.wallets[0];
    expect((await km("submit/export_wallet", body(walletId, `04${"ab".repeat(64)}`), apiKey(session))).status).toBe(400);
  });
});

function signed(body: object, session: Session) {
  const text = JSON.stringify(body);
  return { body: text, stamp: stamp(text, session) };
}
