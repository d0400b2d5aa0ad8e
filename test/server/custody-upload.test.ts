// custody-split, the route a signer frame uploads a split to, refuses what it cannot trust: every
// refusal is a clear 4xx with its code, never a 500, and nothing it refused is stored.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hex } from "@scure/base";
import { newTargetKey, SIGN_RAW_PAYLOAD_URL, signRawPayloadBody, stamp, stampedRequest, type Session } from "./support/client";
import { keyManagement } from "./support/passkey";
import { startTestServer, uniqueEmail, type TestServer } from "./support/emulator";
import { challengeOf, custodyCall, custodyKeyOf, uploadBody } from "./support/splitFrame";
import { prepareSplit, type PreparedSplit } from "../../server/frames/custody/makeSplit";
import { newRecoveryCode } from "../../server/frames/custody/recoveryLock";
import { keysFromEntropy, newEntropy, wipeKeys } from "../../server/frames/custody/walletKeys";
import { custodyProofMessage, signCustodyProof } from "../../server/frames/custody/proof";
import { sealToServer } from "../../server/frames/custody/sealToServer";
import { signPayloadWith } from "../../server/frames/custody/signing";

const code = () => ({ kind: "code" as const, code: newRecoveryCode() });

describe("custody-split: what a frame uploads is trusted only with its proof", () => {
  let t: TestServer;
  let key: string;
  beforeAll(async () => {
    t = await startTestServer({ custody: "split" });
    key = await custodyKeyOf(t.client.url);
  });
  afterAll(() => t.emulator.stop());

  async function newAccount() {
    const email = uniqueEmail("upload");
    const { session, target } = await t.client.signUp(email);
    return { email, session, target, challenge: await challengeOf(t.client, session) };
  }

  /** A split of fresh entropy, as the frame makes it for `session`. */
  async function frameSplit(session: Session, challenge: string): Promise<PreparedSplit> {
    return prepareSplit(newEntropy(), code(), key, { organizationId: session.orgId, challenge });
  }

  async function upload(session: Session, body: object) {
    const answer = await custodyCall(t.client, "custody-split", session, body);
    expect(answer.status).toBeLessThan(500);
    return answer;
  }

  const stateOf = async (session: Session) => (await custodyCall(t.client, "custody-state", session)).body;

  it("a frame's own split of a new account is stored; the account gets its addresses", async () => {
    const { session, challenge } = await newAccount();
    const split = await frameSplit(session, challenge);
    const answer = await upload(session, uploadBody(split));
    expect(answer.body).toEqual({ custody: "split", recoveryKind: "code", address: split.address, solanaAddress: split.solanaAddress });
    expect(await stateOf(session)).toMatchObject({ custody: "split", bundle: expect.any(String) });
  });

  it("refuses a proof signed by other keys than the uploaded wallet's, or over other shares: 403 INVALID_CUSTODY_PROOF", async () => {
    const { session, challenge } = await newAccount();
    const split = await frameSplit(session, challenge);
    const other = await frameSplit(session, challenge);
    // Both signatures by another wallet's keys.
    const foreignProof = await upload(session, { ...uploadBody(split), proof: other.proof });
    expect([foreignProof.status, foreignProof.body.code]).toEqual([403, "INVALID_CUSTODY_PROOF"]);
    expect(foreignProof.body.message).toMatch(/EVM .* and Solana/);
    // The right keys, but the proof covers other shares: junk shares cannot borrow a proof.
    const lifted = await upload(session, { ...uploadBody(split), sealedShares: other.sealedShares });
    expect([lifted.status, lifted.body.code]).toEqual([403, "INVALID_CUSTODY_PROOF"]);
    // One signature right, the other not.
    const halfProof = await upload(session, { ...uploadBody(split), proof: { evm: split.proof.evm, solana: other.proof.solana } });
    expect([halfProof.status, halfProof.body.code, halfProof.body.message]).toEqual([403, "INVALID_CUSTODY_PROOF", expect.stringMatching(/Solana/)]);
    expect(halfProof.body.message).not.toMatch(/EVM/);
    expect((await stateOf(session)).custody).toBe("none");
  });

  it("refuses addresses the proof does not sign for: claiming a wallet it does not hold, 403", async () => {
    const { session, challenge } = await newAccount();
    const split = await frameSplit(session, challenge);
    const claimed = await frameSplit(session, challenge);
    const answer = await upload(session, { ...uploadBody(split), address: claimed.address });
    expect([answer.status, answer.body.code]).toEqual([403, "INVALID_CUSTODY_PROOF"]);
    const solana = await upload(session, { ...uploadBody(split), solanaAddress: claimed.solanaAddress });
    expect([solana.status, solana.body.code]).toEqual([403, "INVALID_CUSTODY_PROOF"]);
    expect((await stateOf(session)).custody).toBe("none");
  });

  it("refuses a challenge issued to another session, or made up: the proof is bound to the user and the session key", async () => {
    const { email, session, challenge } = await newAccount();
    const second = await t.client.signIn(email, newTargetKey());
    const split = await frameSplit(session, challenge);
    const otherSession = await upload(second, uploadBody(split));
    expect([otherSession.status, otherSession.body.code]).toEqual([403, "INVALID_CUSTODY_PROOF"]);
    const madeUp = await frameSplit(session, "ab".repeat(32));
    const answer = await upload(session, uploadBody(madeUp));
    expect([answer.status, answer.body.code]).toEqual([403, "INVALID_CUSTODY_PROOF"]);
    expect(answer.body.message).toMatch(/challenge/);
  });

  it("refuses to replace a wallet's shares with another wallet's (a second device that lost the race gets WALLET_EXISTS and the state to recover from); a re-split of the same wallet by its keys is taken", async () => {
    const { email, session, challenge } = await newAccount();
    const second = await t.client.signIn(email, newTargetKey());
    const secondChallenge = await challengeOf(t.client, second);
    const entropy = newEntropy();
    const first = await prepareSplit(entropy, code(), key, { organizationId: session.orgId, challenge });
    expect((await upload(session, uploadBody(first))).status).toBe(200);
    // The second device made its own wallet while the first uploaded.
    const late = await upload(second, uploadBody(await frameSplit(second, secondChallenge)));
    expect([late.status, late.body.code]).toEqual([409, "WALLET_EXISTS"]);
    expect(late.body.message).toMatch(/recover on this device/);
    expect(await stateOf(second)).toMatchObject({ custody: "split", bundle: expect.any(String) });
    // Junk over the wallet's own addresses: the session cannot sign the proof without the wallet's keys.
    const junk = JSON.stringify({ encappedPublic: "04", ciphertext: "00", targetPublic: key });
    const junkOverOwn = await upload(session, { ...uploadBody(first), sealedShares: junk });
    expect([junkOverOwn.status, junkOverOwn.body.code]).toEqual([403, "INVALID_CUSTODY_PROOF"]);
    // A re-split of the same wallet (recovery, a new recovery means), proven by its keys, replaces the shares.
    const again = await prepareSplit(entropy, code(), key, { organizationId: session.orgId, challenge });
    expect((await upload(session, uploadBody(again))).body).toMatchObject({ custody: "split", address: first.address });
    entropy.fill(0);
  });

  it("the frame never signs a proof's message on a page's request (its Solana signing refuses the prefix)", async () => {
    const keys = await keysFromEntropy(newEntropy());
    try {
      const message = custodyProofMessage({ organizationId: "o", challenge: "c", address: keys.address, solanaAddress: keys.solanaAddress, sealedShares: "s" });
      const payload = hex.encode(new TextEncoder().encode(message));
      await expect(signPayloadWith(keys, { hashFunction: "HASH_FUNCTION_NOT_APPLICABLE", payload, signWith: keys.solanaAddress })).rejects.toThrow(/PROOF_MESSAGE_REFUSED/);
      // Any other message still signs.
      await expect(signPayloadWith(keys, { hashFunction: "HASH_FUNCTION_NOT_APPLICABLE", payload: "00ff", signWith: keys.solanaAddress })).resolves.toMatch(/^0x[0-9a-f]{128}$/);
    } finally {
      wipeKeys(keys);
    }
  });

  it("an account whose wallet is not made yet answers cleanly: whoami (pending, no addresses), no accounts listed, signing and re-sharing 409 WALLET_NOT_CREATED", async () => {
    const { session } = await newAccount();
    const stamper = (body: string) => stamp(body, session);
    const who = await keyManagement(t.emulator.url, "query/whoami", { organizationId: session.orgId }, stamper);
    expect(who.status).toBe(200);
    const direct = await t.client.post("whoami", { stampedRequest: stampedRequest("https://api.turnkey.com/public/v1/query/whoami", { organizationId: session.orgId, timestampMs: String(Date.now()) }, session) });
    expect([direct.status, direct.body.custody, direct.body.address]).toEqual([200, "pending", ""]);
    const { walletId } = (await keyManagement(t.emulator.url, "query/list_wallets", { organizationId: session.orgId }, stamper)).body.wallets[0];
    const accounts = await keyManagement(t.emulator.url, "query/list_wallet_accounts", { organizationId: session.orgId, walletId }, stamper);
    expect([accounts.status, accounts.body.accounts]).toEqual([200, []]);
    const body = signRawPayloadBody(session, { hashFunction: "HASH_FUNCTION_NO_OP", payload: "ab".repeat(32), signWith: "0x0000000000000000000000000000000000000001" });
    const signed = await t.client.post("sign-payload", { stampedRequest: stampedRequest(SIGN_RAW_PAYLOAD_URL, body, session) });
    expect(signed.status).toBeLessThan(500);
    expect(signed.status).toBeGreaterThanOrEqual(400);
    expect((await custodyCall(t.client, "custody-reshare-source", session)).body.code).toBe("WALLET_NOT_CREATED");
    // Export and added accounts need the wallet the server does not hold: 409, inside the wire contract (the test server answers 500 otherwise).
    const exported = await keyManagement(t.emulator.url, "submit/export_wallet", { type: "ACTIVITY_TYPE_EXPORT_WALLET", timestampMs: String(Date.now()), organizationId: session.orgId, parameters: { walletId, targetPublicKey: newTargetKey().publicKey } }, stamper);
    expect([exported.status, exported.body.code]).toEqual([409, "WALLET_NOT_CREATED"]);
    const added = await keyManagement(t.emulator.url, "submit/create_wallet_accounts", { type: "ACTIVITY_TYPE_CREATE_WALLET_ACCOUNTS", timestampMs: String(Date.now()), organizationId: session.orgId, parameters: { walletId, accounts: [{ curve: "CURVE_SECP256K1", pathFormat: "PATH_FORMAT_BIP32", path: "m/44'/60'/0'/0/1", addressFormat: "ADDRESS_FORMAT_ETHEREUM" }] } }, stamper);
    expect(added.status).toBeLessThan(500);
    expect(added.status).toBeGreaterThanOrEqual(400);
  });

  it("refuses an upload without a session, and bad sizes and shapes, with a 4xx naming the field", async () => {
    const { session, challenge } = await newAccount();
    const split = await frameSplit(session, challenge);
    const noStamp = await t.client.post("custody-split", { stampedRequest: { url: "https://api.turnkey.com/public/v1/submit/custody_split", body: JSON.stringify({ organizationId: session.orgId, timestampMs: String(Date.now()), ...uploadBody(split) }) } });
    expect(noStamp.status).toBeGreaterThanOrEqual(400);
    expect(noStamp.status).toBeLessThan(500);
    expect((await t.client.post("custody-split", {})).status).toBe(400);
    const forged = stampedRequest("https://api.turnkey.com/public/v1/submit/custody_split", { organizationId: session.orgId, timestampMs: String(Date.now()), ...uploadBody(split) }, { ...session, ...(await t.client.signUp(uniqueEmail("stranger"))).session, orgId: session.orgId });
    const stranger = await t.client.post("custody-split", { stampedRequest: forged });
    expect(stranger.status).toBeGreaterThanOrEqual(401);
    expect(stranger.status).toBeLessThan(500);

    const shapes: Array<[string, object]> = [
      ["sealedShares", { sealedShares: "x".repeat(20_000) }],
      ["sealedShares", { sealedShares: "" }],
      ["proof", { proof: { evm: "0x1234", solana: split.proof.solana } }],
      ["proof", { proof: { evm: split.proof.evm, solana: "zz" } }],
      ["proof", { proof: undefined }],
      ["challenge", { challenge: "not hex" }],
      ["address", { address: "0x12" }],
    ];
    for (const [field, change] of shapes) {
      const answer = await upload(session, { ...uploadBody(split), ...change });
      expect([field, answer.status]).toEqual([field, 400]);
      expect(answer.body.message).toContain(field);
    }
    // An auth share of a size no split has, sealed and proven like a real upload: 400 INVALID_SHARES.
    const keys = await keysFromEntropy(newEntropy());
    try {
      const sealedShares = await sealToServer(key, new TextEncoder().encode(JSON.stringify({ authShare: "00".repeat(40), recoveryBox: {} })));
      const subject = { organizationId: session.orgId, challenge, address: keys.address, solanaAddress: keys.solanaAddress, sealedShares };
      const oversized = await upload(session, { address: keys.address, solanaAddress: keys.solanaAddress, sealedShares, challenge, proof: await signCustodyProof(keys, subject) });
      expect([oversized.status, oversized.body.code]).toEqual([400, "INVALID_SHARES"]);
      expect(oversized.body.message).toMatch(/authShare must be 17 to 33 bytes/);
    } finally {
      wipeKeys(keys);
    }
    expect((await stateOf(session)).custody).toBe("none");
  });
});
