import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { p256 } from "@noble/curves/nist.js";
import { stamp, WHOAMI_URL, type Session, type User } from "./support/client";
import { startTestServer, uniqueEmail, type TestServer } from "./support/emulator";
import { keyManagement } from "./support/passkey";
import { apiKeyIdOf, MAX_API_KEYS_PER_ORGANIZATION, MAX_API_KEYS_PER_REQUEST } from "../../server/services/apiKeys";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.emulator.stop());

const ts = () => String(t.clock.now());
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");
const bySession = (session: Session) => (text: string) => stamp(text, session);
const km = (operation: string, body: object, session: Session) => keyManagement(t.emulator.url, operation, body, bySession(session));

/** An API key pair of the app's own (what a server or script would hold). */
function newApiKey(): Session & { publicKey: string } {
  const apiPrivateKey = p256.utils.randomSecretKey();
  const publicKey = hex(p256.getPublicKey(apiPrivateKey, true));
  return { orgId: "", apiPrivateKey, apiPublicKey: publicKey, publicKey };
}

async function signedIn(): Promise<{ user: User; session: Session }> {
  return t.client.signUpSteppedUp(uniqueEmail("apikey"), t.clock.now());
}

function createBody(user: User, apiKeys: Array<Record<string, unknown>>, userId = user.userId) {
  return { type: "ACTIVITY_TYPE_CREATE_API_KEYS_V2", timestampMs: ts(), organizationId: user.orgId, parameters: { userId, apiKeys } };
}

const keyEntry = (publicKey: string, expirationSeconds?: number) => ({
  apiKeyName: `key-${publicKey.slice(0, 8)}`,
  publicKey,
  curveType: "API_KEY_CURVE_P256",
  ...(expirationSeconds === undefined ? {} : { expirationSeconds: String(expirationSeconds) }),
});

/** whoami for the organisation, stamped by `key`. */
const whoamiWith = (user: User, key: Session) => {
  const body = JSON.stringify({ organizationId: user.orgId, timestampMs: ts() });
  return t.client.post("whoami", { stampedRequest: { url: WHOAMI_URL, body, stamp: stamp(body, key) } });
};

describe("submit/create_api_keys", () => {
  it("registers the key to the user's organisation (PENDING, then COMPLETED with its id); the key then stamps a whoami", async () => {
    const { user, session } = await signedIn();
    const key = newApiKey();
    const before = await whoamiWith(user, key);
    expect(before.status).toBe(401);
    expect(before.body.code).toBe("UNKNOWN_API_KEY");

    const submitted = await km("submit/create_api_keys", createBody(user, [keyEntry(key.publicKey, 3600)]), session);
    expect(submitted.status).toBe(200);
    expect(submitted.body.activity).toMatchObject({ type: "ACTIVITY_TYPE_CREATE_API_KEYS_V2", status: "ACTIVITY_STATUS_PENDING", organizationId: user.orgId });
    const polled = await km("query/get_activity", { organizationId: user.orgId, activityId: submitted.body.activity.id }, session);
    expect(polled.body.activity).toMatchObject({ status: "ACTIVITY_STATUS_COMPLETED", result: { createApiKeysResult: { apiKeyIds: [apiKeyIdOf(key.publicKey)] } } });
    expect(apiKeyIdOf(key.publicKey)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    const who = await whoamiWith(user, key);
    expect(who.status).toBe(200);
    expect(who.body).toMatchObject({ orgId: user.orgId, userId: user.userId, address: user.address });
    // The new key can itself make key-management calls.
    expect((await km("query/list_wallets", { organizationId: user.orgId }, key)).status).toBe(200);
  });

  it("an expired key stamps nothing", async () => {
    const { user, session } = await signedIn();
    const key = newApiKey();
    expect((await km("submit/create_api_keys", createBody(user, [keyEntry(key.publicKey, 60)]), session)).status).toBe(200);
    expect((await whoamiWith(user, key)).status).toBe(200);
    t.clock.advance(61_000);
    const expired = await whoamiWith(user, key);
    expect(expired.status).toBe(401);
    expect(expired.body.code).toBe("API_KEY_EXPIRED");
  });

  it("refuses malformed keys, another user's id, a key registered already, and too many keys, each with a clear error", async () => {
    const { user, session } = await signedIn();
    const refuse = async (body: object, status: number, code: string, message?: string) => {
      const answer = await km("submit/create_api_keys", body, session);
      expect(answer.status, JSON.stringify(answer.body)).toBe(status);
      expect(answer.body.code).toBe(code);
      if (message) expect(answer.body.message).toContain(message);
    };
    const uncompressed = hex(p256.getPublicKey(p256.utils.randomSecretKey(), false));
    await refuse(createBody(user, [keyEntry(uncompressed)]), 400, "INVALID_REQUEST", "compressed P-256 public key");
    await refuse(createBody(user, [keyEntry(`02${"00".repeat(31)}01`)]), 400, "INVALID_REQUEST", "P-256 curve");
    await refuse(createBody(user, [{ ...keyEntry(newApiKey().publicKey), curveType: "API_KEY_CURVE_ED25519" }]), 400, "INVALID_REQUEST");
    await refuse(createBody(user, [keyEntry(newApiKey().publicKey, 31 * 24 * 3600)]), 400, "INVALID_REQUEST", "seconds");
    await refuse(createBody(user, []), 400, "INVALID_REQUEST");
    const twice = newApiKey().publicKey;
    await refuse(createBody(user, [keyEntry(twice), keyEntry(twice.toUpperCase())]), 400, "DUPLICATE_API_KEY");
    await refuse(createBody(user, [keyEntry(newApiKey().publicKey)], "00000000-0000-4000-8000-000000000000"), 403, "USER_NOT_IN_ORGANIZATION");
    const tooMany = Array.from({ length: MAX_API_KEYS_PER_REQUEST + 1 }, () => keyEntry(newApiKey().publicKey));
    await refuse(createBody(user, tooMany), 400, "INVALID_REQUEST");

    // A key registered already (here: the session's own key, and one just created) is refused, and nothing of that request stays.
    const fresh = newApiKey();
    await refuse(createBody(user, [keyEntry(fresh.publicKey), keyEntry(session.apiPublicKey)]), 409, "API_KEY_EXISTS");
    expect((await whoamiWith(user, fresh)).status).toBe(401);

    // The organisation's cap counts every valid key, the session's included.
    let held = 1;
    while (held + MAX_API_KEYS_PER_REQUEST <= MAX_API_KEYS_PER_ORGANIZATION) {
      const batch = Array.from({ length: MAX_API_KEYS_PER_REQUEST }, () => keyEntry(newApiKey().publicKey));
      expect((await km("submit/create_api_keys", createBody(user, batch), session)).status).toBe(200);
      held += MAX_API_KEYS_PER_REQUEST;
    }
    const over = Array.from({ length: MAX_API_KEYS_PER_ORGANIZATION - held + 1 }, () => keyEntry(newApiKey().publicKey));
    await refuse(createBody(user, over), 400, "TOO_MANY_API_KEYS", `at most ${MAX_API_KEYS_PER_ORGANIZATION}`);
  });
});

describe("submit/delete_api_keys", () => {
  const deleteBody = (user: User, apiKeyIds: string[], userId = user.userId) => ({
    type: "ACTIVITY_TYPE_DELETE_API_KEYS",
    timestampMs: ts(),
    organizationId: user.orgId,
    parameters: { userId, apiKeyIds },
  });

  it("deletes a key (COMPLETED at once): its next stamp is refused, while the session's key keeps working", async () => {
    const { user, session } = await signedIn();
    const key = newApiKey();
    const created = await km("submit/create_api_keys", createBody(user, [keyEntry(key.publicKey, 3600)]), session);
    expect(created.status).toBe(200);
    expect((await whoamiWith(user, key)).status).toBe(200);
    const deleted = await km("submit/delete_api_keys", deleteBody(user, [apiKeyIdOf(key.publicKey)]), session);
    expect(deleted.status).toBe(200);
    expect(deleted.body.activity).toMatchObject({ type: "ACTIVITY_TYPE_DELETE_API_KEYS", status: "ACTIVITY_STATUS_COMPLETED", result: { deleteApiKeysResult: { apiKeyIds: [apiKeyIdOf(key.publicKey)] } } });
    const refused = await whoamiWith(user, key);
    expect([refused.status, refused.body.code]).toEqual([401, "UNKNOWN_API_KEY"]);
    expect((await km("query/list_wallets", { organizationId: user.orgId }, key)).status).toBe(401);
    expect((await whoamiWith(user, session)).status).toBe(200);
    // Deleting it again: not found.
    const again = await km("submit/delete_api_keys", deleteBody(user, [apiKeyIdOf(key.publicKey)]), session);
    expect([again.status, again.body.code]).toEqual([404, "API_KEY_NOT_FOUND"]);
  });

  it("deletes the session's own key: the session is signed out of the backend", async () => {
    const { user, session } = await signedIn();
    expect((await km("submit/delete_api_keys", deleteBody(user, [apiKeyIdOf(session.apiPublicKey)]), session)).status).toBe(200);
    expect((await whoamiWith(user, session)).body.code).toBe("UNKNOWN_API_KEY");
  });

  it("refuses another organisation's key, another user's id and malformed ids, deleting nothing", async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    const bobsKey = apiKeyIdOf(bob.session.apiPublicKey);
    const foreign = await km("submit/delete_api_keys", deleteBody(alice.user, [bobsKey]), alice.session);
    expect([foreign.status, foreign.body.code]).toEqual([404, "API_KEY_NOT_FOUND"]);
    // One unknown id among known ones: nothing is deleted.
    const mixed = await km("submit/delete_api_keys", deleteBody(alice.user, [apiKeyIdOf(alice.session.apiPublicKey), bobsKey]), alice.session);
    expect(mixed.status).toBe(404);
    expect((await whoamiWith(alice.user, alice.session)).status).toBe(200);
    expect((await whoamiWith(bob.user, bob.session)).status).toBe(200);
    const otherUser = await km("submit/delete_api_keys", deleteBody(alice.user, [bobsKey], bob.user.userId), alice.session);
    expect([otherUser.status, otherUser.body.code]).toEqual([403, "USER_NOT_IN_ORGANIZATION"]);
    for (const apiKeyIds of [[], ["not-a-uuid"]]) {
      expect((await km("submit/delete_api_keys", deleteBody(alice.user, apiKeyIds), alice.session)).status).toBe(400);
    }
  });
});
