import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportJWK } from "jose";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchChromium, watchPage } from "../e2e/support/chromium";
import { startPageServer, type PageServer } from "../e2e/support/page-server";
import { appleDeveloperKey, startAppleStandIn, startFacebookStandIn, startOidcProvider } from "./support/identityProviders";
import { API_KEY, freePort, runToExit, startProduction, type ProductionProcess } from "./support/server";

// The production profile's social sign-in against identity providers it did not write, all on
// loopback: oidc-provider (a certified OpenID Provider) as auth0 (private_key_jwt, form_post, the
// claims parameter, key rotation between two sign-ins) and as a custom provider (client_secret_basic
// chosen from discovery); stand-ins for Apple (ES256 client secret, form_post) and Facebook (Graph
// /me with appsecret_proof). Our kit signs in through each in Chromium, by popup and by redirect.
const APPLE = { clientId: "com.example.latch.web", teamId: "TEAM123456" };
const FACEBOOK = { appId: "1234567890", appSecret: "facebook-app-secret-0123456789", version: "v23.0" };

let browser: Browser;
let pages: PageServer;
let server: ProductionProcess;
let keysDir: string;
let auth0: Awaited<ReturnType<typeof startOidcProvider>>;
let acme: Awaited<ReturnType<typeof startOidcProvider>>;
let twitch: Awaited<ReturnType<typeof startOidcProvider>>;
let apple: Awaited<ReturnType<typeof startAppleStandIn>>;
let facebook: Awaited<ReturnType<typeof startFacebookStandIn>>;

beforeAll(async () => {
  const port = await freePort();
  const callback = `http://localhost:${port}/callback`;
  keysDir = mkdtempSync(join(tmpdir(), "latch-idp-keys-"));
  const appKey = generateKeyPairSync("ec", { namedCurve: "P-256" });
  writeFileSync(join(keysDir, "auth0.pem"), appKey.privateKey.export({ type: "pkcs8", format: "pem" }));
  const appleKey = appleDeveloperKey();
  writeFileSync(join(keysDir, `AuthKey_${appleKey.keyId}.p8`), appleKey.pem);
  [browser, pages, auth0, acme, twitch, apple, facebook] = await Promise.all([
    launchChromium(),
    startPageServer(["social"], new URL("./pages/", import.meta.url)),
    startOidcProvider({
      clients: [{ client_id: "latch-auth0", token_endpoint_auth_method: "private_key_jwt", jwks: { keys: [{ ...(await exportJWK(appKey.publicKey)), kid: "app-key-1", alg: "ES256", use: "sig" }] }, redirect_uris: [callback] }],
      clientAuthMethods: ["private_key_jwt"],
    }),
    startOidcProvider({
      clients: [
        { client_id: "latch-acme", client_secret: "acme-secret-0123456789", token_endpoint_auth_method: "client_secret_basic", redirect_uris: [callback] },
        { client_id: "latch-broken", client_secret: "the-secret-the-provider-knows", token_endpoint_auth_method: "client_secret_basic", redirect_uris: [callback] },
      ],
      clientAuthMethods: ["client_secret_basic"],
    }),
    // As Twitch's discovery says: client_secret_post only, user:read:email among its scopes.
    startOidcProvider({
      clients: [{ client_id: "latch-twitch", client_secret: "twitch-secret-0123456789", token_endpoint_auth_method: "client_secret_post", redirect_uris: [callback] }],
      clientAuthMethods: ["client_secret_post"],
      scopes: ["openid", "email", "user:read:email"],
    }),
    startAppleStandIn({ ...APPLE, keyId: appleKey.keyId, publicKey: appleKey.publicKey, redirectUri: callback }),
    startFacebookStandIn({ ...FACEBOOK, redirectUri: callback }),
  ]);
  server = await startProduction({
    PORT: String(port),
    LATCH_PUBLIC_URL: `http://localhost:${port}`,
    LATCH_ALLOWED_ORIGINS: pages.url,
    LATCH_OIDC_AUTH0_ISSUER: auth0.issuer,
    LATCH_OIDC_AUTH0_CLIENT_ID: "latch-auth0",
    LATCH_OIDC_AUTH0_PRIVATE_KEY_FILE: join(keysDir, "auth0.pem"),
    LATCH_OIDC_AUTH0_KEY_ID: "app-key-1",
    LATCH_OIDC_AUTH0_AUTH_PARAMS: "response_mode=form_post",
    LATCH_OIDC_AUTH0_CONNECTION: "github",
    LATCH_OIDC_ACME_ISSUER: acme.issuer,
    LATCH_OIDC_ACME_CLIENT_ID: "latch-acme",
    LATCH_OIDC_ACME_CLIENT_SECRET: "acme-secret-0123456789",
    LATCH_OIDC_TWITCH_ISSUER: twitch.issuer,
    LATCH_OIDC_TWITCH_CLIENT_ID: "latch-twitch",
    LATCH_OIDC_TWITCH_CLIENT_SECRET: "twitch-secret-0123456789",
    LATCH_OIDC_BROKEN_ISSUER: acme.issuer,
    LATCH_OIDC_BROKEN_CLIENT_ID: "latch-broken",
    LATCH_OIDC_BROKEN_CLIENT_SECRET: "a-secret-the-provider-does-not-know",
    LATCH_OIDC_APPLE_ISSUER: apple.issuer,
    LATCH_OIDC_APPLE_CLIENT_ID: APPLE.clientId,
    LATCH_OIDC_APPLE_TEAM_ID: APPLE.teamId,
    LATCH_OIDC_APPLE_KEY_ID: appleKey.keyId,
    LATCH_OIDC_APPLE_PRIVATE_KEY_FILE: join(keysDir, `AuthKey_${appleKey.keyId}.p8`),
    LATCH_OIDC_FACEBOOK_CLIENT_ID: FACEBOOK.appId,
    LATCH_OIDC_FACEBOOK_CLIENT_SECRET: FACEBOOK.appSecret,
    LATCH_OIDC_FACEBOOK_GRAPH_VERSION: FACEBOOK.version,
    LATCH_OIDC_FACEBOOK_DIALOG_URL: facebook.url,
    LATCH_OIDC_FACEBOOK_GRAPH_URL: facebook.url,
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await Promise.all([pages?.close(), auth0?.close(), acme?.close(), twitch?.close(), apple?.close(), facebook?.close()]);
  if (keysDir) rmSync(keysDir, { recursive: true, force: true });
});

let counter = 0;
const uniqueEmail = (name: string) => `${name}-${Date.now()}-${++counter}@example.com`;
const status = (page: Page, value: RegExp) => page.getByTestId("status").filter({ hasText: value }).waitFor();
const text = async (page: Page, id: string) => (await page.getByTestId(id).textContent()) ?? "";

/** A fresh browser context (no provider session cookies), the app page in it, signed out. */
async function open(mode: "popup" | "redirect"): Promise<{ context: BrowserContext; page: Page; watch: ReturnType<typeof watchPage> }> {
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  const page = await context.newPage();
  const watch = watchPage(page);
  await page.goto(`${pages.url}/social?signer=${encodeURIComponent(server.url)}&apiKey=${API_KEY}&mode=${mode}`);
  await status(page, /^DISCONNECTED$/);
  return { context, page, watch };
}

/** Popup mode: the click opens the provider's page in a new window. */
async function startPopup(page: Page, button: string): Promise<Page> {
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  const opened = page.context().waitForEvent("page");
  await page.getByRole("button", { name: button }).click();
  return opened;
}

describe("social sign-in through real identity providers (production profile)", () => {
  it("auth0 profile on oidc-provider: popup with private_key_jwt, form_post and the claims parameter; after key rotation, by redirect, the same account", async () => {
    const email = uniqueEmail("auth0");
    const first = await open("popup");
    const popup = await startPopup(first.page, "Continue with Auth0");
    const popupWatch = watchPage(popup);
    await popup.getByRole("heading", { name: "Sign in to the test provider" }).waitFor();
    expect(new URL(popup.url()).origin).toBe(auth0.issuer);
    await popup.getByRole("textbox", { name: "Email" }).fill(email);
    await popup.getByRole("button", { name: "Sign in" }).click();
    await status(first.page, /^CONNECTED$/);
    // The email is in the id token only because the kit asked through the claims parameter.
    expect(auth0.tokenRequests.at(-1)?.claims).toMatchObject({ sub: email, email, email_verified: true });
    expect(await text(first.page, "user-email")).toBe(email);
    const address = await text(first.page, "user-address");
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(auth0.tokenRequests.at(-1)).toEqual({ clientId: "latch-auth0", kid: "key-1", claims: expect.anything() });
    expect(first.watch.errors).toEqual([]);
    expect(first.watch.offLoopback).toEqual([]);
    expect(popupWatch.offLoopback).toEqual([]);
    await first.context.close();

    // The provider rotates its signing key: the old key is gone from its JWKS.
    await auth0.rotateKeys();
    const second = await open("redirect");
    await second.page.getByRole("button", { name: "Sign in", exact: true }).click();
    const requested = second.page.waitForRequest((request) => request.url().startsWith(`${auth0.issuer}/auth?`));
    await second.page.getByRole("button", { name: "Continue with Auth0" }).click();
    const params = new URL((await requested).url()).searchParams;
    expect(Object.fromEntries(params)).toMatchObject({
      response_type: "code",
      response_mode: "form_post",
      code_challenge_method: "S256",
      prompt: "select_account",
      connection: "github",
      client_id: "latch-auth0",
      redirect_uri: `${server.url}/callback`,
    });
    expect(JSON.parse(params.get("claims")!)).toEqual({ id_token: { email: null, email_verified: null } });
    await second.page.getByRole("textbox", { name: "Email" }).fill(email);
    await second.page.getByRole("button", { name: "Sign in" }).click();
    await status(second.page, /^CONNECTED$/);
    expect(await text(second.page, "user-email")).toBe(email);
    expect(await text(second.page, "user-address")).toBe(address);
    expect(auth0.tokenRequests.at(-1)).toEqual({ clientId: "latch-auth0", kid: "key-2", claims: expect.anything() });
    // The answer came back by POST and left no return parameters in the app's URL.
    expect(new URL(second.page.url()).search).not.toMatch(/latch-/);
    expect(second.watch.errors).toEqual([]);
    expect(second.watch.offLoopback).toEqual([]);
    await second.context.close();
  });

  it("a custom OpenID provider whose discovery lists only client_secret_basic: Cancel on its page returns quietly, then a sign-in by popup", async () => {
    const { context, page, watch } = await open("popup");
    let popup = await startPopup(page, "Continue with Acme");
    await popup.getByRole("link", { name: "Cancel" }).click();
    await page.getByRole("button", { name: "Continue with Acme" }).waitFor();
    expect(await page.getByRole("alert").count()).toBe(0);

    const opened = context.waitForEvent("page");
    await page.getByRole("button", { name: "Continue with Acme" }).click();
    popup = await opened;
    const email = uniqueEmail("acme");
    await popup.getByRole("textbox", { name: "Email" }).fill(email);
    await popup.getByRole("button", { name: "Sign in" }).click();
    await status(page, /^CONNECTED$/);
    expect(await text(page, "user-email")).toBe(email);
    expect(acme.tokenRequests.at(-1)).toMatchObject({ clientId: "latch-acme" });
    expect(watch.errors).toEqual([]);
    await context.close();
  });

  it("twitch profile on oidc-provider (client_secret_post only): the kit's default claims parameter puts email and email_verified in the id token", async () => {
    const { context, page, watch } = await open("popup");
    const popup = await startPopup(page, "Continue with Twitch");
    const email = uniqueEmail("twitch");
    await popup.getByRole("textbox", { name: "Email" }).fill(email);
    await popup.getByRole("button", { name: "Sign in" }).click();
    await status(page, /^CONNECTED$/);
    expect(twitch.tokenRequests.at(-1)).toMatchObject({ clientId: "latch-twitch", claims: { email, email_verified: true } });
    expect(await text(page, "user-email")).toBe(email);
    expect(watch.errors).toEqual([]);
    await context.close();
  });

  it("Apple stand-in: form_post answers by popup and by redirect, the ES256 client secret verified by the stand-in and reused (signed once)", async () => {
    const email = uniqueEmail("apple");
    for (const round of [1, 2]) {
      const { context, page, watch } = await open(round === 1 ? "popup" : "redirect");
      if (round === 1) {
        const popup = await startPopup(page, "Continue with Apple");
        await popup.getByRole("textbox", { name: "Apple ID" }).fill(email);
        await popup.getByRole("button", { name: "Continue" }).click();
      } else {
        await page.getByRole("button", { name: "Sign in", exact: true }).click();
        await page.getByRole("button", { name: "Continue with Apple" }).click();
        await page.getByRole("textbox", { name: "Apple ID" }).fill(email);
        await page.getByRole("button", { name: "Continue" }).click();
      }
      await status(page, /^CONNECTED$/);
      expect(await text(page, "user-email")).toBe(email);
      expect(watch.errors).toEqual([]);
      await context.close();
    }
    expect(apple.refusals).toEqual([]);
    expect(apple.secretsSeen).toHaveLength(2);
    // Signed once, reused until shortly before it expires.
    expect(apple.secretsSeen[1]).toBe(apple.secretsSeen[0]);
  });

  it("Facebook stand-in: the person comes from Graph /me, asked with a valid appsecret_proof (the stand-in refuses /me without one)", async () => {
    const { context, page, watch } = await open("redirect");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByRole("button", { name: "Continue with Facebook" }).click();
    await page.getByRole("link", { name: "Continue as Ada" }).click();
    await status(page, /^CONNECTED$/);
    expect(facebook.meRequests).toEqual([{ proofValid: true }]);
    expect(watch.errors).toEqual([]);
    await context.close();
    const [token] = [...facebook.tokens.keys()];
    const withoutProof = await fetch(`${facebook.url}/${FACEBOOK.version}/me?fields=id&access_token=${token}`);
    expect(withoutProof.status).toBe(400);
    expect(((await withoutProof.json()) as { error: { message: string } }).error.message).toMatch(/appsecret_proof/);
  });

  it("Apple's token endpoint down: the social panel says Apple is not answering; Try again after it is back signs in", async () => {
    const { context, page } = await open("popup");
    apple.outage.down = true;
    const email = uniqueEmail("apple-down");
    const popup = await startPopup(page, "Continue with Apple");
    await popup.getByRole("textbox", { name: "Apple ID" }).fill(email);
    await popup.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("heading", { name: "Couldn't connect to Apple" }).waitFor();
    expect(await text(page, "oauth-error")).toBe("Apple is not answering right now. Try again in a few minutes, or sign in another way.");
    apple.outage.down = false;
    const retried = context.waitForEvent("page");
    await page.getByRole("button", { name: "Try again" }).click();
    const again = await retried;
    await again.getByRole("textbox", { name: "Apple ID" }).fill(email);
    await again.getByRole("button", { name: "Continue" }).click();
    await status(page, /^CONNECTED$/);
    await context.close();
  });

  it("a client secret the provider does not know: the social panel says the sign-in is not set up, and why goes to the console", async () => {
    const { context, page } = await open("popup");
    const popup = await startPopup(page, "Continue with Broken");
    await popup.getByRole("textbox", { name: "Email" }).fill(uniqueEmail("broken"));
    await popup.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { name: "Couldn't connect to Broken" }).waitFor();
    expect(await text(page, "oauth-error")).toBe("Sign-in with Broken is not set up correctly for this app. Sign in another way, and let the app's support know.");
    await context.close();
  });
});

describe("provider configuration at start", () => {
  it("reports each missing variable of a provider on its own line and exits 78", async () => {
    const port = await freePort();
    const run = await runToExit({
      PORT: String(port),
      LATCH_PUBLIC_URL: `http://localhost:${port}`,
      LATCH_ALLOWED_ORIGINS: "http://localhost:5173",
      LATCH_SECRET_KEY: Buffer.alloc(32, 7).toString("base64"),
      LATCH_API_KEYS: API_KEY,
      LATCH_DATA_DIR: join(tmpdir(), `latch-unused-${port}`),
      LATCH_OIDC_APPLE_CLIENT_ID: "com.example.web",
      LATCH_OIDC_FACEBOOK_CLIENT_ID: "1234",
    });
    expect(run.code).toBe(78);
    expect(run.stderr.trim().split("\n")).toEqual([
      expect.stringMatching(/^latch-server: LATCH_OIDC_APPLE_TEAM_ID: required for apple/),
      expect.stringMatching(/^latch-server: LATCH_OIDC_APPLE_KEY_ID: required for apple/),
      expect.stringMatching(/^latch-server: LATCH_OIDC_APPLE_PRIVATE_KEY_FILE: required for apple/),
      expect.stringMatching(/^latch-server: LATCH_OIDC_FACEBOOK_CLIENT_SECRET: required for facebook/),
      expect.stringMatching(/^latch-server: LATCH_OIDC_FACEBOOK_GRAPH_VERSION: required for facebook/),
    ]);
  });
});
