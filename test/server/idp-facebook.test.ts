import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeJwt } from "jose";
import { facebookProvider, FACEBOOK_ISSUER } from "../../server/idp/facebook";
import { idpSigningKey } from "../../server/idp/keys";
import { freePort } from "../e2e/support/wallets/anvil";
import { startFacebookStandIn } from "../production/support/identityProviders";
import { startTestServer, type TestServer } from "./support/emulator";
import { popupResult, startSocialLogin } from "./support/oauth";

// The facebook profile in the server, against the Facebook stand-in: the identity is Graph /me's
// (stable across sign-ins), the id token is this server's, and Facebook's email — which Graph does
// not say is confirmed — never links to an existing account with that email.
const FACEBOOK = { appId: "1234567890", appSecret: "facebook-app-secret-0123456789", version: "v23.0" };
let t: TestServer;
let facebook: Awaited<ReturnType<typeof startFacebookStandIn>>;

beforeAll(async () => {
  const port = await freePort();
  facebook = await startFacebookStandIn({ ...FACEBOOK, redirectUri: `http://127.0.0.1:${port}/callback` });
  t = await startTestServer({
    port,
    host: "127.0.0.1",
    publicUrl: `http://127.0.0.1:${port}`,
    socialProviders: (secrets) => [facebookProvider({ ...FACEBOOK, graphVersion: FACEBOOK.version, dialogUrl: facebook.url, graphUrl: facebook.url }, () => idpSigningKey(secrets))],
  });
});
afterAll(async () => {
  await t?.emulator.stop();
  await facebook?.close();
});

/** prepare-oauth → the dialog → Continue → /callback: the popup result. */
async function signInWithFacebook() {
  const started = await startSocialLogin(t.client, { provider: "facebook" });
  expect(started.provider.authEndpoint).toBe(`${facebook.url}/${FACEBOOK.version}/dialog/oauth`);
  const dialog = await (await fetch(started.url)).text();
  const continueUrl = /<a href="([^"]+)">Continue as Ada<\/a>/.exec(dialog)![1]!.replace(/&amp;/g, "&").replace(/&#38;/g, "&");
  const callback = await fetch(continueUrl, { redirect: "manual" });
  return { result: popupResult(await callback.text()).result, started };
}

describe("facebook profile", () => {
  it("signs up from Graph /me (asked with a valid appsecret_proof), with an id token this server issued for that person; the same person signs in again", async () => {
    const { result, started } = await signInWithFacebook();
    expect(result).toMatchObject({ status: "SUCCESS", isSignup: true, authProvider: "facebook" });
    const claims = decodeJwt(result.idToken);
    expect(claims).toMatchObject({ iss: FACEBOOK_ISSUER, aud: FACEBOOK.appId, sub: "10220000000000042", name: "Ada Lovelace", email_verified: false, nonce: started.params.nonce });
    expect(facebook.meRequests.at(-1)).toEqual({ proofValid: true });
    const again = await signInWithFacebook();
    expect(again.result).toMatchObject({ status: "SUCCESS", isSignup: false, orgId: result.orgId });
  });

  it("never links to an existing account by Facebook's email (Graph does not say it was confirmed)", async () => {
    // The email Graph /me gives belongs to an email user here (the Facebook account made above did
    // not take it): no linking prompt, the Facebook identity stays its own account.
    const owner = await t.client.signUp("ada.facebook@example.com");
    const { result } = await signInWithFacebook();
    expect(result.status).toBe("SUCCESS");
    expect(result.orgId).not.toBe(owner.user.orgId);
  });
});
