import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RETURN_PARAMS } from "../../wire/constants";
import { startTestServer, uniqueEmail, type TestServer } from "./support/emulator";
import { APP_ORIGIN, pickIdentity, popupResult, startSocialLogin } from "./support/oauth";

// /callback by response_mode=form_post: the provider's answer as a form POST gets the same checks as
// the query (state, single-use request, PKCE, nonce) and answers the same way in both modes.
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.emulator.stop());

/** The dev provider's answer (a redirect to /callback?code&state) turned into the POST a form_post provider sends. */
async function formPost(callback: string, extra: Record<string, string> = {}) {
  const url = new URL(callback);
  return fetch(`${url.origin}${url.pathname}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://appleid.apple.com" },
    body: new URLSearchParams({ ...Object.fromEntries(url.searchParams), ...extra }),
    redirect: "manual",
  });
}

describe("/callback by form_post", () => {
  it("popup: signs in, and the same answer posted again is refused (single use)", async () => {
    const email = uniqueEmail("form-post");
    const started = await startSocialLogin(t.client, { provider: "apple" });
    const callback = await pickIdentity(started.url, started.params, email);
    const first = await formPost(callback, { user: JSON.stringify({ name: { firstName: "Ada", lastName: "Lovelace" }, email }) });
    expect(first.status).toBe(200);
    const { result, origin } = popupResult(await first.text());
    expect(origin).toBe(APP_ORIGIN);
    expect(result).toMatchObject({ status: "SUCCESS", isSignup: true, authProvider: "apple" });
    const again = popupResult(await (await formPost(callback)).text()).result;
    expect(again).toMatchObject({ errorCode: "OAUTH_REQUEST_UNKNOWN", error: expect.stringMatching(/unknown, expired or already used/) });
  });

  it("redirect: answers 303 to the app with the result in the query (the browser follows with a GET)", async () => {
    const started = await startSocialLogin(t.client, { provider: "apple", mode: "redirect" });
    const callback = await pickIdentity(started.url, started.params, uniqueEmail("form-post-redirect"));
    const response = await formPost(callback);
    expect(response.status).toBe(303);
    const back = new URL(response.headers.get("location")!);
    expect(back.origin).toBe(APP_ORIGIN);
    expect(back.searchParams.get(RETURN_PARAMS.status)).toBe("SUCCESS");
  });

  it("a forged state, a cancel in Apple's words, and a body that is not a form are refused or reported", async () => {
    const started = await startSocialLogin(t.client, { provider: "apple" });
    const callback = new URL(await pickIdentity(started.url, started.params, uniqueEmail("form-post-bad")));
    callback.searchParams.set("state", "not-base64-json");
    expect((await formPost(callback.toString())).status).toBe(400);
    const cancelled = await fetch(`${t.client.url}/callback`, {
      method: "POST",
      body: new URLSearchParams({ state: started.params.state!, error: "user_cancelled_authorize" }),
    });
    expect(popupResult(await cancelled.text()).result).toMatchObject({ errorCode: "access_denied" });
    const json = await fetch(`${t.client.url}/callback`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(json.status).toBe(400);
  });
});
