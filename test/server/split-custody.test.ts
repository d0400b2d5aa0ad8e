import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashMessage } from "viem";
import { EmulatorClient, type Session, newTargetKey, openBundle, sessionFromBundle, SIGN_RAW_PAYLOAD_URL, signRawPayloadBody, stamp, stampedRequest } from "./support/client";
import { startTestServer, uniqueEmail, type TestServer } from "./support/emulator";
import { challengeOf, custodyCall, custodyKeyOf, releasedShares, splitAsFrame, uploadBody } from "./support/splitFrame";
import { newRecoveryCode } from "../../server/frames/custody/recoveryLock";
import { prepareSplit } from "../../server/frames/custody/makeSplit";
import { newEntropy } from "../../server/frames/custody/walletKeys";
import { phraseOfSplitExport } from "../../server/frames/custody/splitExport";
import { mnemonicToAccount } from "viem/accounts";
import { hex } from "@scure/base";
import { exportFrameSigningKey, openExportBundle } from "./support/exportBundle";
import { APP_ORIGIN, keyManagement, SoftPasskey } from "./support/passkey";

describe("split custody: the auth share goes only to a valid session's frame", () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ custody: "split" });
  });
  afterAll(() => t.emulator.stop());

  let calls = 0;
  const whoami = async (session: Session) =>
    (await t.client.post("whoami", { stampedRequest: stampedRequest("https://api.turnkey.com/public/v1/query/whoami", { organizationId: session.orgId, timestampMs: String(Date.now() + calls++) }, session) })).body;

  async function splitUser() {
    const email = uniqueEmail("split");
    const signedUp = await t.client.signUp(email);
    const split = await splitAsFrame(t.client, signedUp.session, signedUp.target, { kind: "code", code: newRecoveryCode() });
    return { ...signedUp, user: { ...signedUp.user, address: split.address, solanaAddress: split.solanaAddress }, split, email };
  }

  it("a new account has no wallet until its frame makes one (none); once uploaded, the state carries the shares sealed to the session's frame key only", async () => {
    const signedUp = await t.client.signUp(uniqueEmail("pending"));
    expect((await custodyCall(t.client, "custody-state", signedUp.session)).body).toEqual({ custody: "none", mode: "split", challenge: expect.stringMatching(/^[0-9a-f]{64}$/) });
    // The kit sees a wallet to split at this sign-in, without addresses yet; the server has nothing to re-share.
    expect(await whoami(signedUp.session)).toMatchObject({ custody: "pending", address: "" });
    expect((await custodyCall(t.client, "custody-reshare-source", signedUp.session)).body.code).toBe("WALLET_NOT_CREATED");
    const made = await splitAsFrame(t.client, signedUp.session, signedUp.target, { kind: "code", code: newRecoveryCode() });
    expect(await whoami(signedUp.session)).toMatchObject({ custody: "split", address: made.address, solanaAddress: made.solanaAddress });
    const state = await custodyCall(t.client, "custody-state", signedUp.session);
    expect(state.body).toMatchObject({ custody: "split", mode: "split", recoveryKind: "code", bundle: expect.any(String) });
    await expect(openBundle(state.body.bundle, newTargetKey())).rejects.toThrow();
    expect((await releasedShares(t.client, signedUp.session, signedUp.target)).authShare.length).toBe(17);
  });

  it("refuses a stale, replayed, foreign or expired stamp", async () => {
    const { user, session } = await splitUser();
    expect((await custodyCall(t.client, "custody-state", session, { timestampMs: String(Date.now() - 3_600_000) })).body.code).toBe("STALE_REQUEST");
    const body = JSON.stringify({ organizationId: user.orgId, timestampMs: String(Date.now()) });
    const request = { stampedRequest: stampedRequest("https://api.turnkey.com/public/v1/query/custody_state", body, session) };
    expect((await t.client.post("custody-state", request)).status).toBe(200);
    expect((await t.client.post("custody-state", request)).body.code).toBe("REPLAYED_REQUEST");
    const other = await t.client.signUp(uniqueEmail("other"));
    const foreign = await custodyCall(t.client, "custody-state", { ...other.session, orgId: user.orgId });
    expect(foreign.status).toBeGreaterThanOrEqual(401);
    expect(foreign.body.bundle).toBeUndefined();
    t.clock.advance(16 * 60 * 1000);
    const expired = await custodyCall(t.client, "custody-state", session, { timestampMs: String(t.clock.now()) });
    t.clock.advance(-16 * 60 * 1000);
    expect([expired.status, expired.body.code]).toEqual([401, "API_KEY_EXPIRED"]);
  });

  it("the server no longer signs for a split wallet: 409 naming where it signs", async () => {
    const { user, session } = await splitUser();
    const body = signRawPayloadBody(session, { hashFunction: "HASH_FUNCTION_NO_OP", payload: hashMessage("x"), signWith: user.address });
    const answer = await t.client.post("sign-payload", { stampedRequest: stampedRequest(SIGN_RAW_PAYLOAD_URL, body, session) });
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe("WALLET_IN_SPLIT_CUSTODY");
  });

  it("exports a split wallet as its auth share and addresses, signed and sealed to the export frame: only the device share turns it into the phrase", async () => {
    const { user, session, split, email } = await splitUser();
    // Export needs a fresh proof beside the session (step-up.test.ts): a code to the account's email.
    expect((await t.client.stepUp(session, user.address, { contact: email })).status).toBe(200);
    const target = newTargetKey();
    const { walletId } = (await keyManagement(t.emulator.url, "query/list_wallets", { organizationId: user.orgId }, (text) => stamp(text, session))).body.wallets[0];
    const exported = await keyManagement(t.emulator.url, "submit/export_wallet", { type: "ACTIVITY_TYPE_EXPORT_WALLET", timestampMs: String(Date.now()), organizationId: user.orgId, parameters: { walletId, targetPublicKey: target.publicKey } }, (text) => stamp(text, session));
    expect(exported.status).toBe(200);
    const secret = await openExportBundle(exported.body.activity.result.exportWalletResult.exportBundle, target, await exportFrameSigningKey(t.emulator.url), user.orgId);
    const carried = JSON.parse(new TextDecoder().decode(secret));
    expect(Object.keys(carried).sort()).toEqual(["address", "authShare", "kind", "solanaAddress"]);
    expect([carried.address, carried.solanaAddress]).toEqual([user.address, user.solanaAddress]);
    expect(carried.authShare).toHaveLength(34); // one share of 16 bytes of entropy: nothing about the key
    const phrase = await phraseOfSplitExport(secret, hex.encode(split.device));
    expect(mnemonicToAccount(phrase!).address).toBe(user.address);
    // Without this device's share, or with a share of another split, the export frame shows nothing.
    await expect(phraseOfSplitExport(secret, null)).rejects.toThrow(/DEVICE_SHARE_MISSING/);
    const stale = await prepareSplit(newEntropy(), { kind: "code", code: newRecoveryCode() }, await custodyKeyOf(t.client.url), { organizationId: user.orgId, challenge: "0".repeat(64) });
    await expect(phraseOfSplitExport(secret, hex.encode(stale.device))).rejects.toThrow(/older split/);
    expect(await phraseOfSplitExport(new TextEncoder().encode("abandon ability"), hex.encode(split.device))).toBeNull();
  });

  it("a passkey session opens a frame session (its stamp names the frame key), whose frame then receives the shares; no other stamp opens one", async () => {
    const passkey = new SoftPasskey();
    const user = await t.client.ok("signup", { passkey: passkey.attestation() }, { Origin: APP_ORIGIN });
    const url = "https://api.turnkey.com/public/v1/";
    const withPasskey = (route: "custody-reshare-source" | "custody-frame-session", operation: string, extra: object = {}) =>
      t.client.post(route, { stampedRequest: passkey.stampedRequest(`${url}${operation}`, { organizationId: user.orgId, timestampMs: String(Date.now()), ...extra }) });
    // The passkey's own stamp has no frame: no entropy or shares for it.
    expect((await withPasskey("custody-reshare-source", "submit/custody_reshare_source")).body.code).toBe("FRAME_SESSION_REQUIRED");
    const target = newTargetKey();
    const opened = await withPasskey("custody-frame-session", "submit/custody_frame_session", { targetPublicKey: target.publicKey, expirationSeconds: 600 });
    expect(opened.status).toBe(200);
    const session = await sessionFromBundle(user.orgId, opened.body.credentialBundle, target);
    // The passkey sign-up made an account without a wallet: its frame session's frame creates it.
    expect(user.address).toBe("");
    const split = await splitAsFrame(t.client, session, target, { kind: "code", code: newRecoveryCode() });
    expect(await whoami(session)).toMatchObject({ address: split.address, custody: "split" });
    expect((await releasedShares(t.client, session, target)).authShare.length).toBe(17);
    // A session key (which has its frame already) cannot mint another; a body without a key is refused.
    const again = await t.client.post("custody-frame-session", {
      stampedRequest: stampedRequest(`${url}submit/custody_frame_session`, { organizationId: user.orgId, timestampMs: String(Date.now()), targetPublicKey: newTargetKey().publicKey }, session),
    });
    expect([again.status, again.body.code]).toEqual([403, "PASSKEY_STAMP_REQUIRED"]);
    expect((await withPasskey("custody-frame-session", "submit/custody_frame_session")).status).toBe(400);
  });

  it("refuses another wallet's shares over a split one, shares it cannot open, and a second move", async () => {
    const { session } = await splitUser();
    const key = await custodyKeyOf(t.client.url);
    const foreign = await prepareSplit(newEntropy(), { kind: "code", code: newRecoveryCode() }, key, { organizationId: session.orgId, challenge: await challengeOf(t.client, session) });
    const wrongWallet = await custodyCall(t.client, "custody-split", session, uploadBody(foreign));
    expect([wrongWallet.status, wrongWallet.body.code]).toEqual([409, "WALLET_EXISTS"]);
    const signedUp = await t.client.signUp(uniqueEmail("garbage"));
    const challenge = await challengeOf(t.client, signedUp.session);
    const toAnotherKey = await prepareSplit(newEntropy(), { kind: "code", code: newRecoveryCode() }, newTargetKey().publicKey, { organizationId: signedUp.user.orgId, challenge });
    const misdirected = await custodyCall(t.client, "custody-split", signedUp.session, uploadBody(toAnotherKey));
    expect([misdirected.status, misdirected.body.code]).toEqual([400, "INVALID_SHARES"]);
    expect((await custodyCall(t.client, "custody-reshare-source", session)).body.code).toBe("WALLET_IN_SPLIT_CUSTODY");
  });
});

describe("custody modes", () => {
  it("server mode keeps wallets with the server and refuses to hand out their entropy", async () => {
    const t = await startTestServer();
    try {
      const { session } = await t.client.signUp(uniqueEmail("server"));
      expect((await custodyCall(t.client, "custody-state", session)).body).toEqual({ custody: "server", mode: "server" });
      expect((await custodyCall(t.client, "custody-reshare-source", session)).body.code).toBe("SPLIT_CUSTODY_DISABLED");
    } finally {
      await t.emulator.stop();
    }
  });

  it("split-required: the server signs for no wallet it still holds, and a new account's wallet is never its own", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "latch-split-required-"));
    try {
      const before = await startTestServer({ dataDir, memory: false });
      const held = await before.client.signUp(uniqueEmail("held"));
      await before.emulator.stop();
      const t = await startTestServer({ dataDir, memory: false, custody: "split-required" });
      try {
        const signWith = async (session: Session, address: string) => {
          const body = signRawPayloadBody(session, { hashFunction: "HASH_FUNCTION_NO_OP", payload: hashMessage("x"), signWith: address });
          const answer = await new EmulatorClient(t.emulator.url).post("sign-payload", { stampedRequest: stampedRequest(SIGN_RAW_PAYLOAD_URL, body, session) });
          return [answer.status, answer.body.code];
        };
        expect(await signWith(held.session, held.user.address)).toEqual([409, "SPLIT_CUSTODY_REQUIRED"]);
        const fresh = await t.client.signUp(uniqueEmail("required"));
        expect(await signWith(fresh.session, fresh.user.address)).toEqual([409, "WALLET_NOT_CREATED"]);
      } finally {
        await t.emulator.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
