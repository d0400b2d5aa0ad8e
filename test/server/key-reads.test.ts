import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { p256 } from "@noble/curves/nist.js";
import { stamp, type Session, type User } from "./support/client";
import { startTestServer, uniqueEmail, type TestServer } from "./support/emulator";
import { keyManagement, SoftPasskey } from "./support/passkey";
import { apiKeyIdOf } from "../../server/services/apiKeys";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.emulator.stop());

const ts = () => String(t.clock.now());
const km = (operation: string, body: object, session: Session) => keyManagement(t.emulator.url, operation, body, (text) => stamp(text, session));

async function signedIn(): Promise<{ user: User; session: Session; email: string }> {
  const email = uniqueEmail("reads");
  return { ...(await t.client.signUpSteppedUp(email, t.clock.now())), email };
}

/** Completes a submitted activity (one more poll) and answers its result. */
async function completed(user: User, session: Session, operation: string, body: object) {
  const submitted = await km(operation, body, session);
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  return (await km("query/get_activity", { organizationId: user.orgId, activityId: submitted.body.activity.id }, session)).body.activity.result;
}

describe("query/list_users and query/get_user", () => {
  it("list the organisation's user with its email, passkeys, valid API keys (the session's too) and no one else", async () => {
    const { user, session, email } = await signedIn();
    const passkey = new SoftPasskey();
    const { createAuthenticatorsResult } = await completed(user, session, "submit/create_authenticators", {
      type: "ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2",
      timestampMs: ts(),
      organizationId: user.orgId,
      parameters: { userId: user.userId, authenticators: [{ authenticatorName: "laptop", ...passkey.attestation() }] },
    });
    const apiPublicKey = Buffer.from(p256.getPublicKey(p256.utils.randomSecretKey(), true)).toString("hex");
    await completed(user, session, "submit/create_api_keys", {
      type: "ACTIVITY_TYPE_CREATE_API_KEYS_V2",
      timestampMs: ts(),
      organizationId: user.orgId,
      parameters: { userId: user.userId, apiKeys: [{ apiKeyName: "backend", publicKey: apiPublicKey, curveType: "API_KEY_CURVE_P256", expirationSeconds: "3600" }] },
    });

    const listed = await km("query/list_users", { organizationId: user.orgId, timestampMs: ts() }, session);
    expect(listed.status).toBe(200);
    expect(listed.body.users).toHaveLength(1);
    const [listedUser] = listed.body.users;
    expect(listedUser).toMatchObject({
      userId: user.userId,
      userName: email,
      userEmail: email,
      authenticators: [{ authenticatorId: createAuthenticatorsResult.authenticatorIds[0], authenticatorName: "laptop", credentialId: passkey.credentialId }],
      oauthProviders: [],
    });
    expect(listedUser.apiKeys).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ apiKeyId: apiKeyIdOf(session.apiPublicKey), credential: { publicKey: session.apiPublicKey, type: "CREDENTIAL_TYPE_API_KEY_P256" } }),
        expect.objectContaining({ apiKeyId: apiKeyIdOf(apiPublicKey), apiKeyName: "backend", expirationSeconds: "3600" }),
      ]),
    );
    expect(listedUser.apiKeys).toHaveLength(2);

    const one = await km("query/get_user", { organizationId: user.orgId, userId: user.userId }, session);
    expect(one.body.user).toEqual(listedUser);
    const other = await km("query/get_user", { organizationId: user.orgId, userId: "00000000-0000-4000-8000-000000000000" }, session);
    expect(other.status).toBe(404);
    expect(other.body.code).toBe("USER_NOT_FOUND");
  });

  it("an expired API key is no longer listed; another organisation's session reads nothing", async () => {
    const a = await signedIn();
    const b = await signedIn();
    t.clock.advance(901_000); // past the default 900 s session
    const refused = await km("query/list_users", { organizationId: a.user.orgId, timestampMs: ts() }, a.session);
    expect(refused.status).toBe(401);
    const fresh = { session: await t.client.signIn(a.email) };
    const listed = await km("query/list_users", { organizationId: a.user.orgId, timestampMs: ts() }, fresh.session);
    expect(listed.body.users[0].apiKeys.map((key: { credential: { publicKey: string } }) => key.credential.publicKey)).toEqual([fresh.session.apiPublicKey]);
    const foreign = await km("query/list_users", { organizationId: a.user.orgId, timestampMs: ts() }, b.session);
    expect(foreign.status).toBe(401);
    expect(foreign.body.code).toBe("UNKNOWN_API_KEY");
  });
});
