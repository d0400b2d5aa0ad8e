import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createKit, getEmbeddedSigner, type Kit } from "latch-kit";
import { emailOtp } from "latch-kit/plugins/email-otp";
import { REVOKE_SESSION_ACTIVITY } from "../../wire/constants";
import { stamp, stampedRequest, whoamiRequest, WHOAMI_URL, type Session, type User } from "./support/client";
import { startTestServer, uniqueEmail, type TestServer } from "./support/emulator";
import { APP_ORIGIN, SoftPasskey } from "./support/passkey";

const REVOKE_URL = "https://api.turnkey.com/public/v1/submit/revoke_session";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.emulator.stop());

const revokeBody = (session: Session, timestampMs = t.clock.now()) => ({ type: REVOKE_SESSION_ACTIVITY, timestampMs: String(timestampMs), organizationId: session.orgId });

/** A fresh, never-used whoami stamped by the session (each call is a new body). */
const whoami = (session: Session) =>
  t.client.post("whoami", { stampedRequest: stampedRequest(WHOAMI_URL, { organizationId: session.orgId, timestampMs: String(t.clock.now()) }, session) });

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), removeItem: (k: string) => void items.delete(k) };
}

/** A kit signed in as `user`, stamping with the session's API key as the auth frame does. */
function signedInKit(url: string, user: User, session: Session, requestTimeoutMs?: number): Kit {
  const kit = createKit({ plugins: [emailOtp()], signer: { url, storage: memoryStorage(), ...(requestTimeoutMs ? { requestTimeoutMs } : {}) } });
  getEmbeddedSigner(kit).connectSession({
    user: { type: "sca", orgId: user.orgId, userId: user.userId, address: user.address },
    sessionType: "otp",
    stamper: { sessionKey: true, stamp: async (body: string) => stamp(body, session) },
  });
  return kit;
}

describe("revoke-session", () => {
  it("deletes the stamping session key: its next stamp is 401, another session of the user keeps working", async () => {
    const email = uniqueEmail("revoke");
    const { session } = await t.client.signUp(email);
    const other = await t.client.signIn(email);
    expect((await whoami(session)).status).toBe(200);

    const revoked = await t.client.post("revoke-session", { stampedRequest: stampedRequest(REVOKE_URL, revokeBody(session), session) });
    expect([revoked.status, revoked.body]).toEqual([200, {}]);
    const after = await whoami(session);
    expect([after.status, after.body.code]).toEqual([401, "UNKNOWN_API_KEY"]);
    expect((await whoami(other)).status).toBe(200);
    const again = await t.client.post("revoke-session", { stampedRequest: stampedRequest(REVOKE_URL, revokeBody(session), session) });
    expect([again.status, again.body.code]).toEqual([401, "UNKNOWN_API_KEY"]);
  });

  it("also ends the organisation's passkey sign-in marker: Account Kit's unstamped list no longer answers for it", async () => {
    const passkey = new SoftPasskey();
    const email = uniqueEmail("revoke-passkey");
    const user = await t.client.ok<User>("signup", { passkey: passkey.attestation(), email }, { Origin: APP_ORIGIN });
    await t.client.ok("whoami", { stampedRequest: passkey.stampedRequest(WHOAMI_URL, { organizationId: user.orgId, timestampMs: String(t.clock.now()) }) });
    const session = await t.client.signIn(email);
    expect((await t.client.post("list-auth-methods", { suborgId: user.orgId })).status).toBe(200);

    expect((await t.client.post("revoke-session", { stampedRequest: stampedRequest(REVOKE_URL, revokeBody(session), session) })).status).toBe(200);
    const listed = await t.client.post("list-auth-methods", { suborgId: user.orgId });
    expect([listed.status, listed.body.code]).toEqual([401, "NOT_SIGNED_IN"]);
  });

  it("refuses a stamp of another operation, an untimed body, and a passkey's stamp (no session key to revoke)", async () => {
    const { session } = await t.client.signUp(uniqueEmail("revoke-refused"));
    const wrongUrl = await t.client.post("revoke-session", { stampedRequest: stampedRequest(WHOAMI_URL, revokeBody(session), session) });
    expect([wrongUrl.status, wrongUrl.body.code]).toEqual([400, "WRONG_OPERATION"]);
    const untimed = await t.client.post("revoke-session", { stampedRequest: stampedRequest(REVOKE_URL, { type: REVOKE_SESSION_ACTIVITY, organizationId: session.orgId }, session) });
    expect(untimed.status).toBe(400);
    expect((await whoami(session)).status).toBe(200);

    const passkey = new SoftPasskey();
    const { orgId } = await t.client.ok("signup", { passkey: passkey.attestation() }, { Origin: APP_ORIGIN });
    const byPasskey = await t.client.post("revoke-session", {
      stampedRequest: passkey.stampedRequest(REVOKE_URL, { type: REVOKE_SESSION_ACTIVITY, timestampMs: String(t.clock.now()), organizationId: orgId }),
    });
    expect([byPasskey.status, byPasskey.body.code]).toEqual([400, "SESSION_KEY_REQUIRED"]);
  });
});

describe("the kit's logout", () => {
  it("revokes the session key on the server: a stamp made before logout is refused after it", async () => {
    const { user, session } = await t.client.signUp(uniqueEmail("kit-logout"));
    const kit = signedInKit(t.emulator.url, user, session);
    const captured = whoamiRequest(session);
    await kit.disconnect();
    expect(kit.getUser()).toBeNull();
    expect(kit.getStatus()).toBe("DISCONNECTED");
    const replayed = await t.client.post("whoami", { stampedRequest: captured });
    expect([replayed.status, replayed.body.code]).toEqual([401, "UNKNOWN_API_KEY"]);
  });

  it("settles and clears the local session when the server cannot be reached", async () => {
    const { user, session } = await t.client.signUp(uniqueEmail("kit-offline"));
    const closed = await listening(createServer());
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    const kit = signedInKit(deadUrl, user, session);
    await kit.disconnect();
    expect([kit.getUser(), kit.getStatus()]).toEqual([null, "DISCONNECTED"]);
    expect(getEmbeddedSigner(kit).sessions.load()).toBeNull();
    // Not revoked (the server never heard): the key lives until it expires.
    expect((await whoami(session)).status).toBe(200);
  });

  it("settles when the server takes the request and never answers", async () => {
    const { user, session } = await t.client.signUp(uniqueEmail("kit-hung"));
    const held: Array<() => void> = [];
    const hung = await listening(createServer((_req, res) => held.push(() => res.destroy())));
    try {
      const kit = signedInKit(`http://127.0.0.1:${(hung.address() as AddressInfo).port}`, user, session, 300);
      await kit.disconnect();
      expect([kit.getUser(), kit.getStatus()]).toEqual([null, "DISCONNECTED"]);
      expect(held).toHaveLength(1);
    } finally {
      for (const release of held) release();
      await new Promise((resolve) => hung.close(resolve));
    }
  });

  it("does not revoke (or prompt) when the session stamps with a passkey", async () => {
    const requests: string[] = [];
    const recorder = await listening(createServer((req, res) => (requests.push(req.url ?? ""), res.end("{}"))));
    try {
      const kit = createKit({ plugins: [emailOtp()], signer: { url: `http://127.0.0.1:${(recorder.address() as AddressInfo).port}`, storage: memoryStorage() } });
      let prompted = 0;
      getEmbeddedSigner(kit).connectSession({
        user: { type: "sca", orgId: crypto.randomUUID(), userId: crypto.randomUUID(), address: `0x${"1".repeat(40)}` },
        sessionType: "otp",
        stamper: { stamp: async () => (prompted++, { stampHeaderName: "X-Stamp-Webauthn", stampHeaderValue: "{}" }) },
      });
      await kit.disconnect();
      expect([prompted, requests]).toEqual([0, []]);
      expect(kit.getUser()).toBeNull();
    } finally {
      await new Promise((resolve) => recorder.close(resolve));
    }
  });
});

async function listening(server: Server): Promise<Server> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}
