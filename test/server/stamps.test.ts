import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { p256 } from "@noble/curves/nist.js";
import {
  SIGN_RAW_PAYLOAD_URL,
  WHOAMI_URL,
  signRawPayloadBody,
  stamp,
  stampedRequest,
  whoamiRequest,
  type Session,
  type User,
} from "./support/client";
import { startTestServer, uniqueEmail, type TestServer } from "./support/emulator";

let t: TestServer;
let alice: { user: User; session: Session };
let bob: { user: User; session: Session };

beforeAll(async () => {
  t = await startTestServer();
  alice = await t.client.signUp(uniqueEmail("alice"));
  bob = await t.client.signUp(uniqueEmail("bob"));
});
afterAll(() => t?.emulator.stop());

const whoami = (request: ReturnType<typeof whoamiRequest>) => t.client.post("whoami", { stampedRequest: request });
const signPayload = (request: ReturnType<typeof whoamiRequest>) => t.client.post("sign-payload", { stampedRequest: request });
const hash = `0x${"ab".repeat(32)}`;
const evmSign = (session: Session, address: string, timestampMs?: number) =>
  stampedRequest(SIGN_RAW_PAYLOAD_URL, signRawPayloadBody(session, { hashFunction: "HASH_FUNCTION_NO_OP", payload: hash, signWith: address }, timestampMs), session);

/** Every refusal must leave the user able to do the right thing straight after. */
async function stillWorks() {
  expect((await whoami(whoamiRequest(alice.session))).status).toBe(200);
  expect((await signPayload(evmSign(alice.session, alice.user.address))).status).toBe(200);
}

describe("stamped requests", () => {
  it("refuses a forged signature", async () => {
    const request = whoamiRequest(alice.session);
    const forger = { apiPrivateKey: p256.utils.randomSecretKey(), apiPublicKey: alice.session.apiPublicKey };
    const forged = { ...request, stamp: stamp(request.body, forger) };
    const answer = await whoami(forged);
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe("INVALID_STAMP");
    await stillWorks();
  });

  it("refuses a body changed after stamping", async () => {
    const request = evmSign(alice.session, alice.user.address);
    const tampered = { ...request, body: request.body.replace("abab", "cdcd") };
    expect((await signPayload(tampered)).body.code).toBe("INVALID_STAMP");
    await stillWorks();
  });

  it("refuses a stamp by another user's key for this organisation", async () => {
    const body = JSON.stringify({ organizationId: alice.user.orgId });
    const answer = await whoami({ url: WHOAMI_URL, body, stamp: stamp(body, bob.session) });
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe("UNKNOWN_API_KEY");
    await stillWorks();
  });

  it("refuses a key that was never registered", async () => {
    const stranger = { orgId: alice.user.orgId, apiPrivateKey: p256.utils.randomSecretKey(), apiPublicKey: undefined as unknown as string };
    const body = JSON.stringify({ organizationId: alice.user.orgId });
    expect((await whoami({ url: WHOAMI_URL, body, stamp: stamp(body, stranger) })).body.code).toBe("UNKNOWN_API_KEY");
  });

  it("refuses a replayed body, for a signing activity and for a read", async () => {
    const sign = evmSign(alice.session, alice.user.address);
    expect((await signPayload(sign)).status).toBe(200);
    const replay = await signPayload(sign);
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe("REPLAYED_REQUEST");
    // Same body, fresh signature: still the same activity.
    expect((await signPayload({ ...sign, stamp: stamp(sign.body, alice.session) })).body.code).toBe("REPLAYED_REQUEST");

    const read = whoamiRequest(alice.session);
    expect((await whoami(read)).status).toBe(200);
    expect((await whoami(read)).body.code).toBe("REPLAYED_REQUEST");
    await stillWorks();
  });

  it("refuses the high-s twin of a used signature", async () => {
    const read = whoamiRequest(alice.session);
    expect((await whoami(read)).status).toBe(200);
    const stampJson = JSON.parse(Buffer.from(read.stamp.stampHeaderValue, "base64url").toString());
    const sig = p256.Signature.fromBytes(Buffer.from(stampJson.signature, "hex"), "der");
    const twin = new p256.Signature(sig.r, p256.Point.CURVE().n - sig.s).toBytes("der");
    const value = Buffer.from(JSON.stringify({ ...stampJson, signature: Buffer.from(twin).toString("hex") })).toString("base64url");
    expect((await whoami({ ...read, stamp: { ...read.stamp, stampHeaderValue: value } })).body.code).toBe("REPLAYED_REQUEST");
  });

  it("refuses a stale or future timestamp", async () => {
    for (const skew of [-6 * 60_000, 6 * 60_000]) {
      const answer = await signPayload(evmSign(alice.session, alice.user.address, Date.now() + skew));
      expect(answer.status).toBe(401);
      expect(answer.body.code).toBe("STALE_REQUEST");
    }
    expect((await signPayload(evmSign(alice.session, alice.user.address, Date.now() - 4 * 60_000))).status).toBe(200);
    await stillWorks();
  });

  it("refuses a url naming another operation, and an activity without timestamp", async () => {
    const read = stampedRequest(SIGN_RAW_PAYLOAD_URL, { organizationId: alice.user.orgId }, alice.session);
    const wrongOp = await whoami(read);
    expect(wrongOp.status).toBe(400);
    expect(wrongOp.body.code).toBe("WRONG_OPERATION");
    const sign = evmSign(alice.session, alice.user.address);
    expect((await signPayload({ ...sign, url: WHOAMI_URL })).body.code).toBe("WRONG_OPERATION");
    const untimed = JSON.parse(sign.body);
    delete untimed.timestampMs;
    const answer = await signPayload(stampedRequest(SIGN_RAW_PAYLOAD_URL, untimed, alice.session));
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain("timestampMs");
    // The refused requests did not use the body up.
    expect((await signPayload(sign)).status).toBe(200);
  });

  it("refuses malformed stamps and unknown stamp headers with a 4xx", async () => {
    const read = whoamiRequest(alice.session);
    expect((await whoami({ ...read, stamp: { stampHeaderName: "X-Stamp", stampHeaderValue: "%%%" } })).status).toBe(400);
    expect((await whoami({ ...read, stamp: { ...read.stamp, stampHeaderName: "X-Stamp-Other" } })).body.code).toBe("UNSUPPORTED_STAMP");
    const badScheme = Buffer.from(JSON.stringify({ publicKey: alice.session.apiPublicKey, scheme: "NOPE", signature: "00" })).toString("base64url");
    expect((await whoami({ ...read, stamp: { stampHeaderName: "X-Stamp", stampHeaderValue: badScheme } })).status).toBe(400);
    const notAPoint = Buffer.from(JSON.stringify({ publicKey: "02".padEnd(66, "0"), scheme: "SIGNATURE_SCHEME_TK_API_P256", signature: "3006020101020101" })).toString("base64url");
    expect((await whoami({ ...read, stamp: { stampHeaderName: "X-Stamp", stampHeaderValue: notAPoint } })).body.code).toBe("INVALID_STAMP");
    expect((await t.client.post("whoami", {})).body.message).toContain("stampedRequest");
    expect((await whoami({ ...read, body: "{nope" })).status).toBe(400);
    await stillWorks();
  });
});
