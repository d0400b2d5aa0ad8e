import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeJwt } from "jose";
import { MFA_ACTIONS, RETURN_PARAMS } from "../../wire/constants";
import { mfaRequest, newTargetKey, sessionFromBundle, stampedRequest, whoamiRequest, type Session } from "./support/client";
import { authenticatorFor } from "./support/totp";
import { startTestServer, uniqueEmail, type TestServer } from "./support/emulator";
import { APP_ORIGIN, encodeState, nonceOf, pickIdentity, popupResult, socialLogin, startSocialLogin } from "./support/oauth";

// Social sign-in against the dev identity provider: prepare-oauth, /callback (popup and redirect),
// account linking, add-oauth-provider and remove-oauth-provider.
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.emulator.stop());

const CREATE_URL = "https://api.turnkey.com/public/v1/submit/create_oauth_providers";
const DELETE_URL = "https://api.turnkey.com/public/v1/submit/delete_oauth_providers";

async function whoami(session: Session) {
  return t.client.ok("whoami", { stampedRequest: whoamiRequest(session) });
}

function addProvider(session: Session, userId: string, oauthProviders: Array<{ providerName: string; oidcToken: string }>) {
  const body = {
    type: "ACTIVITY_TYPE_CREATE_OAUTH_PROVIDERS",
    timestampMs: String(Date.now()),
    organizationId: session.orgId,
    parameters: { userId, oauthProviders },
  };
  return t.client.post("add-oauth-provider", { stampedRequest: stampedRequest(CREATE_URL, body, session) });
}

function removeProviders(session: Session, userId: string, providerIds: string[]) {
  const body = { type: "ACTIVITY_TYPE_DELETE_OAUTH_PROVIDERS", timestampMs: String(Date.now()), organizationId: session.orgId, parameters: { userId, providerIds } };
  return t.client.post("remove-oauth-provider", { stampedRequest: stampedRequest(DELETE_URL, body, session) });
}

async function listMethods(session: Session) {
  const body = { organizationId: session.orgId, timestampMs: String(Date.now()) };
  return t.client.ok("list-auth-methods", {
    suborgId: session.orgId,
    stampedRequest: stampedRequest("https://api.turnkey.com/public/v1/query/list_authenticators", body, session),
  });
}

describe("prepare-oauth", () => {
  it("answers a PKCE challenge, a request key and the five providers on the emulator's origin", async () => {
    const answer = await t.client.ok("prepare-oauth", { nonce: nonceOf(newTargetKey().publicKey) });
    expect(answer.codeChallenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(answer.requestKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer.authProviders.map((p: any) => p.id)).toEqual(["google", "facebook", "apple", "twitch", "auth0"]);
    for (const p of answer.authProviders) {
      expect(p).toEqual({ id: p.id, isCustomProvider: false, clientId: `latch-dev-${p.id}`, authEndpoint: `${t.emulator.url}/idp/${p.id}/authorize` });
    }
  });

  it("refuses a nonce that is not a hex sha256", async () => {
    const answer = await t.client.post("prepare-oauth", { nonce: "abc" });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain("nonce");
  });
});

describe("/callback, popup mode", () => {
  it("signs a new identity up, posting SUCCESS with a bundle sealed to the frame key, only to the opener's origin", async () => {
    const email = uniqueEmail("social");
    const { result, html, target, response } = await socialLogin(t.client, email);
    expect(response.headers.get("content-security-policy")).toMatch(/script-src 'nonce-/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(popupResult(html!).origin).toBe(APP_ORIGIN);
    expect(html).toContain("window.opener.postMessage(result, origin)");
    expect(result).toEqual({
      status: "SUCCESS",
      bundle: expect.any(String),
      orgId: expect.any(String),
      idToken: expect.any(String),
      accessToken: expect.any(String),
      isSignup: true,
      authProvider: "google",
    });
    expect(decodeJwt(result.idToken)).toMatchObject({ email, nonce: nonceOf(target.publicKey), aud: "latch-dev-google" });
    const session = await sessionFromBundle(result.orgId, result.bundle, target);
    const me = await whoami(session);
    expect(me).toMatchObject({ orgId: result.orgId, email });

    const again = await socialLogin(t.client, email);
    expect(again.result).toMatchObject({ status: "SUCCESS", orgId: result.orgId, isSignup: false });
    expect((await whoami(await sessionFromBundle(again.result.orgId, again.result.bundle, again.target))).address).toBe(me.address);
  });

  it("answers FETCHED_ID_TOKEN_ONLY without signing anyone in", async () => {
    const email = uniqueEmail("fetch");
    const { result } = await socialLogin(t.client, email, { provider: "facebook", fetchIdTokenOnly: true });
    expect(result).toEqual({ status: "FETCHED_ID_TOKEN_ONLY", idToken: expect.any(String), accessToken: expect.any(String), authProvider: "facebook" });
    expect(await t.client.ok("lookup", { email })).toEqual({ orgId: null });
  });

  it("a request key is single use, and a state naming another frame key is refused (nonce bound to the frame key)", async () => {
    const first = await socialLogin(t.client, uniqueEmail());
    expect(first.result.status).toBe("SUCCESS");
    // The same prepared request again: refused.
    const replay = await startSocialLogin(t.client);
    const params = { ...replay.params, state: encodeState({ ...replay.state, requestKey: first.state.requestKey }) };
    const callback = await pickIdentity(replay.url, params, uniqueEmail());
    const replayed = popupResult(await (await fetch(callback)).text()).result;
    expect(replayed.error).toMatch(/unknown, expired or already used/);

    const other = newTargetKey();
    const swapped = await startSocialLogin(t.client, { stateOverrides: {} });
    const forged = { ...swapped.params, state: encodeState({ ...swapped.state, turnkeyPublicKey: other.publicKey }) };
    const forgedCallback = await pickIdentity(swapped.url, forged, uniqueEmail());
    expect(popupResult(await (await fetch(forgedCallback)).text()).result.error).toMatch(/nonce mismatch/);
  });

  it("passes a provider refusal on with its OAuth error code (Cancel on the login page: access_denied)", async () => {
    const { url, params } = await startSocialLogin(t.client, { provider: "twitch" });
    const cancel = await fetch(`${url.origin}${url.pathname}`, { method: "POST", body: new URLSearchParams({ ...params, login_action: "cancel" }), redirect: "manual" });
    const html = await (await fetch(cancel.headers.get("location")!)).text();
    expect(popupResult(html).result).toEqual({ error: "The user cancelled the sign-in", errorCode: "access_denied", authProvider: "twitch" });
  });

  it("refuses a broken state, or an app address that is not loopback, with a page and no message", async () => {
    const broken = await fetch(`${t.emulator.url}/callback?code=x&state=not-base64-json`);
    expect(broken.status).toBe(400);
    const { state } = await startSocialLogin(t.client);
    const foreign = await fetch(`${t.emulator.url}/callback?code=x&state=${encodeState({ ...state, openerOrigin: "https://evil.example" })}`);
    expect(foreign.status).toBe(400);
    const text = await foreign.text();
    expect(text).toContain("is not an allowed app address");
    expect(text).not.toContain("postMessage");
  });
});

describe("/callback, redirect mode", () => {
  it("redirects back to redirectUrl with the result as latch-* query parameters, keeping the app's own", async () => {
    const email = uniqueEmail("redirect");
    const { response } = await socialLogin(t.client, email, { provider: "facebook", mode: "redirect" });
    expect(response.status).toBe(302);
    const back = new URL(response.headers.get("location")!);
    expect(`${back.origin}${back.pathname}`).toBe(`${APP_ORIGIN}/app`);
    expect(back.searchParams.get("tab")).toBe("1");
    expect(back.searchParams.get("status")).toBe("SUCCESS");
    expect(back.searchParams.get("latch-bundle")).toBeTruthy();
    expect(back.searchParams.get("latch-org-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(back.searchParams.get("latch-id-token")).toBeTruthy();
    expect(back.searchParams.get("latch-is-signup")).toBe("true");
    expect(back.searchParams.get("latch-auth-provider")).toBe("facebook");
  });

  it("an error comes back as latch-error", async () => {
    const { url, params } = await startSocialLogin(t.client, { mode: "redirect" });
    const cancel = await fetch(`${url.origin}${url.pathname}`, { method: "POST", body: new URLSearchParams({ ...params, login_action: "cancel" }), redirect: "manual" });
    const response = await fetch(cancel.headers.get("location")!, { redirect: "manual" });
    const back = new URL(response.headers.get("location")!);
    expect(back.searchParams.get("latch-error")).toBe("The user cancelled the sign-in");
    expect(back.searchParams.get("latch-bundle")).toBeNull();
  });
});

describe("account linking", () => {
  it("an id token whose email belongs to an email user asks for that email's code, then the provider is added and signs in after", async () => {
    const email = uniqueEmail("link");
    const { user, session } = await t.client.signUp(email);
    const { result, target } = await socialLogin(t.client, email);
    expect(result).toEqual({
      status: "ACCOUNT_LINKING_CONFIRMATION_REQUIRED",
      orgId: user.orgId,
      otpId: expect.any(String),
      email,
      idToken: expect.any(String),
      accessToken: expect.any(String),
      authProvider: "google",
    });
    // The code goes to the email; it signs the existing user in, who then links the provider.
    const linked = await t.client.submitCode(user.orgId, result.otpId, await t.client.latestCode(email), target);
    const added = await addProvider(linked, user.userId, [{ providerName: "google", oidcToken: result.idToken }]);
    expect(added.status).toBe(200);
    expect(added.body).toEqual({
      oauthProviders: [{ providerId: expect.any(String), issuer: `${t.emulator.url}/idp/google`, providerName: "google", userDisplayName: email }],
    });
    expect((await listMethods(session)).oauthProviders).toEqual(added.body.oauthProviders);
    // Adding the same identity again changes nothing.
    expect((await addProvider(linked, user.userId, [{ providerName: "google", oidcToken: result.idToken }])).body).toEqual(added.body);

    const next = await socialLogin(t.client, email);
    expect(next.result).toMatchObject({ status: "SUCCESS", orgId: user.orgId, isSignup: false });
  });
});

describe("add-oauth-provider and remove-oauth-provider", () => {
  it("refuses an identity linked to another account, a bad token, another user's id and an unstamped call", async () => {
    const ownerEmail = uniqueEmail("owner");
    const owner = await socialLogin(t.client, ownerEmail);
    const { user, session, target } = await t.client.signUp(uniqueEmail("other"));
    // The owner's own id token (leaked) names the owner's frame key, not this session's: refused.
    const leaked = await addProvider(session, user.userId, [{ providerName: "google", oidcToken: owner.result.idToken }]);
    expect(leaked).toMatchObject({ status: 400, body: { code: "NONCE_MISMATCH" } });
    // A token of the same identity bound to this session's key: linked elsewhere already.
    const again = await socialLogin(t.client, ownerEmail, { fetchIdTokenOnly: true, target });
    const taken = await addProvider(session, user.userId, [{ providerName: "google", oidcToken: again.result.idToken }]);
    expect(taken).toMatchObject({ status: 409, body: { code: "OAUTH_PROVIDER_IN_USE" } });
    const forged = owner.result.idToken.slice(0, -4) + (owner.result.idToken.endsWith("AAAA") ? "BBBB" : "AAAA");
    expect((await addProvider(session, user.userId, [{ providerName: "google", oidcToken: forged }])).status).toBe(401);
    const wrongUser = await addProvider(session, crypto.randomUUID(), [{ providerName: "google", oidcToken: owner.result.idToken }]);
    expect(wrongUser.status).toBe(403);
    const unstamped = await t.client.post("add-oauth-provider", { stampedRequest: { url: CREATE_URL, body: "{}", stamp: { stampHeaderName: "X-Stamp", stampHeaderValue: "e30" } } });
    expect(unstamped.status).toBeGreaterThanOrEqual(400);
  });

  it("adds a provider fetched by id token only, removes it, and refuses an unknown id or removing the last way to sign in", async () => {
    const email = uniqueEmail("manage");
    const { user, session, target } = await t.client.signUpSteppedUp(email, t.clock.now());
    const fetched = await socialLogin(t.client, email, { provider: "twitch", scope: "openid user:read:email", fetchIdTokenOnly: true, target });
    const added = await addProvider(session, user.userId, [{ providerName: "twitch", oidcToken: fetched.result.idToken }]);
    const providerId = added.body.oauthProviders[0].providerId;
    expect((await listMethods(session)).oauthProviders.map((p: any) => p.providerId)).toEqual([providerId]);
    expect((await removeProviders(session, user.userId, [crypto.randomUUID()])).status).toBe(404);
    expect((await removeProviders(session, user.userId, [providerId])).status).toBe(200);
    expect((await listMethods(session)).oauthProviders).toEqual([]);

    // A user who only has google cannot remove it.
    const only = await socialLogin(t.client, uniqueEmail("only"), { provider: "apple", scope: "openid" });
    expect(only.result.status).toBe("SUCCESS");
    const onlySession = await sessionFromBundle(only.result.orgId, only.result.bundle, only.target);
    const me = await whoami(onlySession);
    expect(me.email).toBeUndefined(); // no email scope, no email
    // Nothing to step up with (no factor, contact or passkey): the session alone reaches the last-method rule.
    const [provider] = (await listMethods(onlySession)).oauthProviders;
    const last = await removeProviders(onlySession, me.userId, [provider.providerId]);
    expect(last).toMatchObject({ status: 400, body: { code: "LAST_SIGN_IN_METHOD" } });
  });
});

describe("social sign-in of a user with a second factor", () => {
  it("answers MFA_REQUIRED (popup and redirect) instead of a session; the TOTP code opens it for the frame key", async () => {
    const email = uniqueEmail("social-mfa");
    const first = await socialLogin(t.client, email);
    const session = await sessionFromBundle(first.result.orgId, first.result.bundle, first.target);
    const me = await whoami(session);
    const added = await t.client.ok("auth-request-multi-factor", { stampedRequest: mfaRequest(session, MFA_ACTIONS.add, me.address, t.clock.now()), multiFactorType: "totp" });
    const app = authenticatorFor(added.multiFactorTotpUrl);
    await t.client.ok("auth-verify-multi-factor", {
      stampedRequest: mfaRequest(session, MFA_ACTIONS.verify, me.address, t.clock.now()),
      multiFactorId: added.multiFactorId,
      multiFactorCode: app.code(t.clock.now()),
    });
    t.clock.advance(30_000);
    const factors = [{ multiFactorId: added.multiFactorId, multiFactorType: "totp" }];

    const popup = await socialLogin(t.client, email);
    expect(popup.result).toMatchObject({ status: "MFA_REQUIRED", orgId: me.orgId, encryptedPayload: expect.any(String), multiFactors: factors });
    expect(popup.result.bundle).toBeUndefined();
    const validated = await t.client.ok("auth-validate-multi-factors", {
      encryptedPayload: popup.result.encryptedPayload,
      multiFactors: [{ multiFactorId: added.multiFactorId, multiFactorCode: app.code(t.clock.now()) }],
    });
    const opened = await sessionFromBundle(me.orgId, validated.payload.credentialBundle, popup.target);
    expect((await whoami(opened)).userId).toBe(me.userId);

    const redirect = await socialLogin(t.client, email, { mode: "redirect" });
    const back = new URL(redirect.response.headers.get("location")!);
    expect(back.searchParams.get(RETURN_PARAMS.status)).toBe("MFA_REQUIRED");
    expect(back.searchParams.get(RETURN_PARAMS.oauthBundle)).toBeNull();
    expect(back.searchParams.get(RETURN_PARAMS.encryptedPayload)).toBeTruthy();
    expect(JSON.parse(back.searchParams.get(RETURN_PARAMS.multiFactors)!)).toEqual(factors);
  });
});
