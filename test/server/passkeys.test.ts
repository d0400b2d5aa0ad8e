import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashMessage, recoverAddress } from "viem";
import { DEFAULT_ROOT_ORG_ID, MFA_ACTIONS } from "../../wire/constants";
import { ACCOUNT_KIT_ROOT_ORG_ID } from "../../server/services/stamps/rootOrganization";
import { SIGN_RAW_PAYLOAD_URL, WHOAMI_URL, signRawPayloadBody } from "./support/client";
import { startTestServer, uniqueEmail, type TestServer } from "./support/emulator";
import { APP_ORIGIN, SoftPasskey } from "./support/passkey";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.emulator.stop());

const originHeader = { Origin: APP_ORIGIN };

async function passkeyUser(extra: { email?: string } = {}) {
  const passkey = new SoftPasskey();
  const user = await t.client.ok("signup", { passkey: passkey.attestation(), ...extra }, originHeader);
  return { passkey, user };
}

const whoamiBody = (orgId: string) => ({ organizationId: orgId, timestampMs: String(t.clock.now()) });

describe("passkey sign-up", () => {
  it("verifies the attestation and creates the user and wallet, answering as an email sign-up does", async () => {
    const { user } = await passkeyUser();
    expect(user).toEqual({
      orgId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      userId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
      solanaAddress: expect.any(String),
    });
  });

  it("stores an email given for a new user, and refuses an email that belongs to a user", async () => {
    const email = uniqueEmail("pk");
    const { user } = await passkeyUser({ email });
    expect(await t.client.ok("lookup", { email })).toEqual({ orgId: user.orgId });
    const again = await t.client.post("signup", { passkey: new SoftPasskey().attestation(), email }, originHeader);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("USER_EXISTS");
  });

  it("refuses a credential registered before", async () => {
    const { passkey } = await passkeyUser();
    const answer = await t.client.post("signup", { passkey: passkey.attestation() }, originHeader);
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe("PASSKEY_EXISTS");
  });

  it("refuses an attestation for another challenge, without user verification, from a non-loopback or other origin", async () => {
    const passkey = new SoftPasskey();
    const cases = [
      { passkey: { ...passkey.attestation(), challenge: "c29tZXRoaW5nLWVsc2U" }, headers: originHeader, code: "INVALID_PASSKEY", text: "challenge" },
      { passkey: passkey.attestation({ userVerified: false }), headers: originHeader, code: "INVALID_PASSKEY", text: "verif" },
      { passkey: passkey.attestation({ rpId: "example.com" }), headers: originHeader, code: "INVALID_PASSKEY", text: "RP ID" },
      { passkey: new SoftPasskey("https://example.com").attestation(), headers: {}, code: "PASSKEY_ORIGIN_REFUSED", text: "loopback" },
      { passkey: passkey.attestation(), headers: { Origin: "http://localhost:9999" }, code: "PASSKEY_ORIGIN_REFUSED", text: "request comes from" },
    ];
    for (const c of cases) {
      const answer = await t.client.post("signup", { passkey: c.passkey }, c.headers);
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.code).toBe(c.code);
      expect(answer.body.message).toContain(c.text);
    }
    // Nothing was stored: the same credential still signs up.
    expect((await t.client.post("signup", { passkey: passkey.attestation() }, originHeader)).status).toBe(200);
  });

  it("accepts a request without an Origin header (Node clients) when the ceremony ran on loopback", async () => {
    expect((await t.client.post("signup", { passkey: new SoftPasskey("http://127.0.0.1:3000").attestation() })).status).toBe(200);
  });
});

describe("passkey sign-in: WebAuthn-stamped whoami", () => {
  it("signs in for the root organisation (the credential decides) and for the user's own", async () => {
    const email = uniqueEmail("pk");
    const { passkey, user } = await passkeyUser({ email });
    const expected = { orgId: user.orgId, userId: user.userId, address: user.address, solanaAddress: user.solanaAddress, email };
    const root = await t.client.ok("whoami", { stampedRequest: passkey.stampedRequest(WHOAMI_URL, whoamiBody(DEFAULT_ROOT_ORG_ID)) });
    expect(root).toEqual(expected);
    const own = await t.client.ok("whoami", { stampedRequest: passkey.stampedRequest(WHOAMI_URL, whoamiBody(user.orgId)) });
    expect(own).toEqual(expected);
  });

  it("signs in when the body names Account Kit's root organisation (its signer SDK's default), and only for whoami", async () => {
    const { passkey, user } = await passkeyUser();
    const root = await t.client.ok("whoami", { stampedRequest: passkey.stampedRequest(WHOAMI_URL, whoamiBody(ACCOUNT_KIT_ROOT_ORG_ID)) });
    expect(root).toMatchObject({ orgId: user.orgId, userId: user.userId, address: user.address });
    const body = signRawPayloadBody({ orgId: ACCOUNT_KIT_ROOT_ORG_ID } as never, { hashFunction: "HASH_FUNCTION_NO_OP", payload: hashMessage("x"), signWith: user.address }, t.clock.now());
    const signing = await t.client.post("sign-payload", { stampedRequest: passkey.stampedRequest(SIGN_RAW_PAYLOAD_URL, body) });
    expect(signing.status).toBe(400);
    expect(signing.body.message).toContain("root organization");
  });

  it("refuses an assertion made for another body", async () => {
    const { passkey, user } = await passkeyUser();
    const body = JSON.stringify(whoamiBody(user.orgId));
    const other = JSON.stringify({ organizationId: user.orgId, timestampMs: String(t.clock.now() - 1) });
    const answer = await t.client.post("whoami", { stampedRequest: { url: WHOAMI_URL, body, stamp: passkey.stamp(body, { challengeBody: other }) } });
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe("INVALID_STAMP");
    expect(answer.body.message).toContain("challenge");
  });

  it("refuses a cloned credential whose counter is stale, and a replayed assertion", async () => {
    const { passkey, user } = await passkeyUser();
    const clone = passkey.clone();
    expect((await t.client.post("whoami", { stampedRequest: passkey.stampedRequest(WHOAMI_URL, whoamiBody(user.orgId)) })).status).toBe(200);
    expect((await t.client.post("whoami", { stampedRequest: passkey.stampedRequest(WHOAMI_URL, whoamiBody(user.orgId)) })).status).toBe(200);
    // The clone reports counter 1, the server has seen 2.
    const cloned = await t.client.post("whoami", { stampedRequest: clone.stampedRequest(WHOAMI_URL, whoamiBody(user.orgId)) });
    expect(cloned.status).toBe(401);
    expect(cloned.body.code).toBe("STALE_SIGN_COUNT");
    // The very same stamped request twice: the second is refused.
    const request = passkey.stampedRequest(WHOAMI_URL, whoamiBody(user.orgId));
    expect((await t.client.post("whoami", { stampedRequest: request })).status).toBe(200);
    const replay = await t.client.post("whoami", { stampedRequest: request });
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe("STALE_SIGN_COUNT");
  });

  it("refuses an assertion without user verification", async () => {
    const { passkey, user } = await passkeyUser();
    const answer = await t.client.post("whoami", { stampedRequest: passkey.stampedRequest(WHOAMI_URL, whoamiBody(user.orgId), { userVerified: false }) });
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe("INVALID_STAMP");
    expect(answer.body.message).toMatch(/user.*verif/i);
  });

  it("refuses a passkey of another organisation, an unknown one, a non-loopback origin, another RP ID, and a stale body", async () => {
    const a = await passkeyUser();
    const b = await passkeyUser();
    const cases: Array<[object, string]> = [
      [a.passkey.stampedRequest(WHOAMI_URL, whoamiBody(b.user.orgId)), "UNKNOWN_CREDENTIAL"],
      [new SoftPasskey().stampedRequest(WHOAMI_URL, whoamiBody(DEFAULT_ROOT_ORG_ID)), "UNKNOWN_CREDENTIAL"],
      [a.passkey.stampedRequest(WHOAMI_URL, whoamiBody(a.user.orgId), { origin: "https://evil.example" }), "INVALID_STAMP"],
      [a.passkey.stampedRequest(WHOAMI_URL, whoamiBody(a.user.orgId), { rpId: "evil.example" }), "INVALID_STAMP"],
      [a.passkey.stampedRequest(WHOAMI_URL, { organizationId: a.user.orgId, timestampMs: String(t.clock.now() - 3_600_000) }), "STALE_REQUEST"],
    ];
    for (const [stampedRequest, code] of cases) {
      const answer = await t.client.post("whoami", { stampedRequest });
      expect(answer.status, JSON.stringify(answer.body)).toBe(401);
      expect(answer.body.code).toBe(code);
    }
  });

  it("accepts authenticators that keep no counter (always 0), still refusing a replayed body", async () => {
    const passkey = new SoftPasskey(APP_ORIGIN, "localhost", undefined, undefined, false);
    const user = await t.client.ok("signup", { passkey: passkey.attestation() }, originHeader);
    for (let i = 0; i < 2; i++) {
      expect((await t.client.post("whoami", { stampedRequest: passkey.stampedRequest(WHOAMI_URL, { organizationId: user.orgId, timestampMs: String(t.clock.now() + i) }) })).status).toBe(200);
    }
    const request = passkey.stampedRequest(WHOAMI_URL, whoamiBody(user.orgId));
    expect((await t.client.post("whoami", { stampedRequest: request })).status).toBe(200);
    const replay = await t.client.post("whoami", { stampedRequest: request });
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe("REPLAYED_REQUEST");
  });

  it("does not let an API key stamp name the root organisation", async () => {
    const { session } = await t.client.signUp(uniqueEmail("root"));
    const { stamp } = await import("./support/client");
    const body = JSON.stringify(whoamiBody(DEFAULT_ROOT_ORG_ID));
    const answer = await t.client.post("whoami", { stampedRequest: { url: WHOAMI_URL, body, stamp: stamp(body, session) } });
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe("UNKNOWN_API_KEY");
  });
});

describe("WebAuthn stamps on every stamped route", () => {
  it("signs a payload and manages MFA with a passkey stamp", async () => {
    const { passkey, user } = await passkeyUser();
    const hash = hashMessage("hello from a passkey");
    const body = signRawPayloadBody({ orgId: user.orgId } as never, { hashFunction: "HASH_FUNCTION_NO_OP", payload: hash, signWith: user.address }, t.clock.now());
    const { signature } = await t.client.ok("sign-payload", { stampedRequest: passkey.stampedRequest(SIGN_RAW_PAYLOAD_URL, body) });
    expect(await recoverAddress({ hash, signature })).toBe(user.address);

    const list = signRawPayloadBody(
      { orgId: user.orgId } as never,
      { hashFunction: "HASH_FUNCTION_NO_OP", payload: `0x${Buffer.from(MFA_ACTIONS.list).toString("hex")}`, signWith: user.address },
      t.clock.now(),
    );
    expect(await t.client.ok("auth-list-multi-factors", { stampedRequest: passkey.stampedRequest(SIGN_RAW_PAYLOAD_URL, list) })).toEqual({ multiFactors: [] });
  });

  it("refuses a root-organisation body on routes other than whoami", async () => {
    const { passkey, user } = await passkeyUser();
    const body = signRawPayloadBody({ orgId: DEFAULT_ROOT_ORG_ID } as never, { hashFunction: "HASH_FUNCTION_NO_OP", payload: hashMessage("x"), signWith: user.address }, t.clock.now());
    const answer = await t.client.post("sign-payload", { stampedRequest: passkey.stampedRequest(SIGN_RAW_PAYLOAD_URL, body) });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe("INVALID_REQUEST");
  });
});
