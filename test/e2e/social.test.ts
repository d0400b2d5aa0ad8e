import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from "jose";
import { startServer } from "../../server/index";
import { launchChromium, watchPage } from "./support/chromium";
import { startPageServer, type PageServer } from "./support/page-server";
import { waitForMessage } from "./support/inbox";
import { uniqueEmail } from "./support/sign-in";
import { seriousViolations } from "./support/axe";
import { MFA_ACTIONS } from "../../wire/constants";
import { EmulatorClient, mfaRequest, newTargetKey, sessionFromBundle, whoamiRequest, type Session } from "../server/support/client";
import { nonceOf, socialLogin } from "../server/support/oauth";
import { authenticatorFor } from "../server/support/totp";

// Social sign-in (popup and redirect) through the emulator's dev identity provider, account
// linking, linking/unlinking providers, and custom JWT sign-in with a token this test mints.
const JWT_ISSUER = "https://auth.e2e.test";
const JWT_AUDIENCE = "latch-e2e";

let browser: Browser;
let emulator: Awaited<ReturnType<typeof startServer>>;
let pages: PageServer;
let jwks: Server;
let jwtKey: CryptoKey;

beforeAll(async () => {
  const pair = await generateKeyPair("ES256");
  jwtKey = pair.privateKey;
  const publicJwk = { ...(await exportJWK(pair.publicKey)), kid: "e2e-1", alg: "ES256", use: "sig" };
  jwks = createServer((req, res) => {
    if (req.url === "/jwks.json") res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ keys: [publicJwk] }));
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => jwks.listen(0, "127.0.0.1", resolve));
  const jwksUri = `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/jwks.json`;
  [emulator, browser, pages] = await Promise.all([
    startServer({ memory: true, port: 0, jwtIssuers: [{ id: "app-auth", issuer: JWT_ISSUER, jwksUri, audience: JWT_AUDIENCE }], checkAnswers: true }),
    launchChromium(),
    startPageServer(["social"]),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await pages?.close();
  await emulator?.stop();
  if (jwks) await new Promise((resolve) => jwks.close(resolve));
});


async function open(query = ""): Promise<{ page: Page; watch: ReturnType<typeof watchPage> }> {
  const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
  const watch = watchPage(page);
  await page.goto(`${pages.url}/social?emulator=${encodeURIComponent(emulator.url)}${query}`);
  await status(page, /^DISCONNECTED$/);
  return { page, watch };
}

const status = (page: Page, value: RegExp) => page.getByTestId("status").filter({ hasText: value }).waitFor();
const text = async (page: Page, testId: string) => (await page.getByTestId(testId).textContent()) ?? "";

/** Clicks a social button in the dialog; answers the provider's login page in the popup. */
async function startPopup(page: Page, name: string): Promise<Page> {
  const opened = page.context().waitForEvent("page");
  await page.getByRole("button", { name }).click();
  const popup = await opened;
  await popup.getByRole("heading", { name: /^Sign in with / }).waitFor();
  return popup;
}

async function signInDialog(page: Page) {
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.getByRole("dialog").waitFor();
}

async function typeCode(page: Page, code: string) {
  await page.getByRole("textbox", { name: "Digit 1 of 6" }).click();
  await page.keyboard.type(code);
}

async function emailSignUp(page: Page, email: string) {
  const since = Date.now();
  await signInDialog(page);
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await typeCode(page, (await waitForMessage(emulator.url, email, since)).code!);
  await status(page, /^CONNECTED$/);
  await page.getByRole("dialog").waitFor({ state: "detached" });
}

async function logOut(page: Page) {
  await page.getByRole("button", { name: "Log out" }).click();
  await status(page, /^DISCONNECTED$/);
}

describe("social sign-in in Chromium against the emulator's identity provider", () => {
  it("popup sign-up with google: a 500x600 window, a test identity picked on the login page, then signed in", async () => {
    const { page, watch } = await open();
    await signInDialog(page);
    const popup = await startPopup(page, "Continue with Google");
    // The provider's page and the return page: no console error (a CSP refusal is one).
    const popupWatch = watchPage(popup);
    expect(await popup.evaluate(() => [window.outerWidth, window.outerHeight])).toEqual([500, 600]);
    expect(new URL(popup.url()).origin).toBe(emulator.url);
    await page.getByRole("heading", { name: "Continue with Google" }).waitFor();
    await page.getByText("Follow the steps in the pop up window to sign in with Google").waitFor();
    await popup.getByRole("button", { name: /Ada Lovelace/ }).click();
    await status(page, /^CONNECTED$/);
    await page.getByRole("dialog").waitFor({ state: "detached" });
    expect(await text(page, "user-email")).toBe("ada@example.com");
    expect(await text(page, "user-sub")).toMatch(/^\d{21}$/);
    expect(await text(page, "events")).toContain("connectedOauth");
    expect(await text(page, "events")).toContain("newUserSignup");
    await expect.poll(() => popup.isClosed()).toBe(true);
    expect(popupWatch.errors).toEqual([]);
    expect(watch.errors).toEqual([]);
    expect(watch.offLoopback).toEqual([]);
    await page.close();
  });

  it("a failure on the provider's side shows the social panel with its readable reason: Couldn't connect, Try again, Use another method, Need help?", async () => {
    const { page, watch } = await open("&support=http%3A%2F%2Flocalhost%2Fhelp");
    await signInDialog(page);
    const popup = await startPopup(page, "Continue with Google");
    // The provider sends the user back with an error that is not a cancel (RFC 6749 server_error).
    const authorize = new URL(popup.url());
    const callback = new URL(authorize.searchParams.get("redirect_uri")!);
    callback.search = new URLSearchParams({ state: authorize.searchParams.get("state")!, error: "server_error", error_description: "The provider is down for maintenance" }).toString();
    // The kit closes the popup as soon as the result arrives, so no wait for the page's load.
    await popup.evaluate((url) => location.assign(url), callback.toString());
    await page.getByRole("heading", { name: "Couldn't connect to Google" }).waitFor();
    // server_error: the plugin's text for a provider that is down (the provider's own words go to the console).
    expect(await page.getByTestId("oauth-error").textContent()).toBe("Google is not answering right now. Try again in a few minutes, or sign in another way.");
    await page.getByText("Need help?").waitFor();
    expect(await page.getByRole("link", { name: "Contact support" }).getAttribute("href")).toBe("http://localhost/help");
    expect(await seriousViolations(page)).toEqual([]);
    // Try again opens a new window from the click.
    const retried = page.context().waitForEvent("page");
    await page.getByRole("button", { name: "Try again" }).click();
    const again = await retried;
    await again.getByRole("heading", { name: "Sign in with Google" }).waitFor();
    await again.close();
    await page.getByRole("heading", { name: "Sign in", exact: true }).waitFor();
    expect(watch.errors).toEqual([]);
    await page.close();
  });

  it("Cancel on the provider's page (access_denied) is a cancel: back to initial quietly, like a closed popup", async () => {
    const { page, watch } = await open();
    await signInDialog(page);
    const popup = await startPopup(page, "Continue with Google");
    await popup.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("heading", { name: "Sign in", exact: true }).waitFor();
    expect(await page.getByRole("alert").count()).toBe(0);
    await status(page, /^DISCONNECTED$/);
    await expect.poll(() => popup.isClosed()).toBe(true);
    expect(watch.errors).toEqual([]);
    await page.close();
  });

  it("closing the dialog while the popup is open closes the popup and leaves a clean state; a new attempt works", async () => {
    const { page, watch } = await open();
    await signInDialog(page);
    const popup = await startPopup(page, "Continue with Google");
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await expect.poll(() => popup.isClosed(), { timeout: 2000 }).toBe(true);
    await status(page, /^DISCONNECTED$/);
    await signInDialog(page);
    await page.getByRole("heading", { name: "Sign in", exact: true }).waitFor();
    const again = await startPopup(page, "Continue with Google");
    await again.getByRole("button", { name: /Ada Lovelace/ }).click();
    await status(page, /^CONNECTED$/);
    expect(watch.errors).toEqual([]);
    await page.close();
  });

  it("a popup closed by the user brings the dialog back to initial, without an error", async () => {
    const { page, watch } = await open();
    await signInDialog(page);
    const popup = await startPopup(page, "Continue with Google");
    await popup.close();
    await page.getByRole("heading", { name: "Sign in", exact: true }).waitFor({ timeout: 3000 });
    expect(await page.getByRole("alert").count()).toBe(0);
    await status(page, /^DISCONNECTED$/);
    expect(watch.errors).toEqual([]);
    await page.close();
  });

  it("ignores a forged result from another origin, or from another window of the callback's origin", async () => {
    const { page, watch } = await open();
    await signInDialog(page);
    const popup = await startPopup(page, "Continue with Google");
    const forged = { status: "SUCCESS", bundle: "forged", orgId: "00000000-0000-4000-8000-000000000000", isSignup: false };
    // Same page (the app's origin) and a frame of another origin (127.0.0.1 is not localhost).
    await page.evaluate((data) => window.postMessage(data, "*"), forged);
    const otherOrigin = emulator.url.replace("localhost", "127.0.0.1");
    await page.evaluate((src) => {
      const frame = document.createElement("iframe");
      frame.src = `${src}/health`;
      frame.title = "forger";
      document.body.append(frame);
    }, otherOrigin);
    const forger = await waitForFrame(page, otherOrigin);
    await forger.evaluate((data) => parent.postMessage(data, "*"), forged);
    // A window of the callback's own origin that this sign-in did not open.
    const opened = page.context().waitForEvent("page");
    await page.evaluate((src) => void window.open(`${src}/health`, "_blank"), emulator.url);
    const stranger = await opened;
    await stranger.waitForLoadState();
    await stranger.evaluate((data) => window.opener.postMessage(data, "*"), forged);
    await stranger.close();
    await page.waitForTimeout(600);
    await page.getByRole("heading", { name: "Continue with Google" }).waitFor();
    expect(await page.getByRole("button", { name: "Try again" }).count()).toBe(0);
    expect(await text(page, "status")).toBe("AUTHENTICATING_OAUTH");
    await popup.getByRole("button", { name: /Grace Hopper/ }).click();
    await status(page, /^CONNECTED$/);
    expect(await text(page, "user-email")).toBe("grace@example.com");
    expect(watch.errors).toEqual([]);
    await page.close();
  });

  it("redirect sign-in with facebook: away to the provider and back, the result read from the URL and removed", async () => {
    const { page, watch } = await open("&keep=1");
    const email = uniqueEmail("redirect");
    const viaFacebook = async () => {
      await signInDialog(page);
      await page.getByRole("button", { name: "Continue with Facebook" }).click();
      await page.waitForURL(/\/idp\/facebook\/authorize\?/);
      await page.getByRole("textbox", { name: "Email" }).fill(email);
      await page.getByRole("button", { name: "Continue" }).click();
      await page.waitForURL(/\/social\?/);
      await status(page, /^CONNECTED$/);
    };
    await viaFacebook();
    const url = new URL(page.url());
    expect(url.searchParams.get("keep")).toBe("1");
    expect([...url.searchParams.keys()].filter((k) => k.startsWith("latch-") || k === "status")).toEqual([]);
    expect(await text(page, "user-email")).toBe(email);
    expect(await text(page, "events")).toContain("newUserSignup");
    const address = await text(page, "user-address");
    await logOut(page);
    await viaFacebook();
    expect(await text(page, "user-address")).toBe(address);
    expect(await text(page, "events")).not.toContain("newUserSignup");
    expect(watch.errors).toEqual([]);
    expect(watch.offLoopback).toEqual([]);
    await page.close();
  });

  it("an auth0 connection shows its custom logo and displayName, and signs in through that connection", async () => {
    const { page, watch } = await open("&support=http%3A%2F%2Flocalhost%2Fhelp");
    await signInDialog(page);
    const button = page.getByRole("button", { name: "Continue with GitHub" });
    expect(await button.locator("img").getAttribute("src")).toMatch(/^data:image\/svg\+xml,/);
    const popup = await startPopup(page, "Continue with GitHub");
    await popup.getByText("Connection: github").waitFor();
    await page.getByRole("heading", { name: "Continue with GitHub" }).waitFor();
    await page.getByText("Follow the steps in the pop up window to sign in with GitHub").waitFor();
    expect(await page.getByRole("link", { name: "Contact support" }).getAttribute("target")).toBe("_blank");
    expect(await seriousViolations(page)).toEqual([]);
    // The login page's CSP refuses injected scripts: scan the same markup in a page of its own.
    const scan = await browser.newPage();
    await scan.setContent(await (await fetch(popup.url())).text());
    expect(await seriousViolations(scan)).toEqual([]);
    await scan.close();
    await popup.getByRole("button", { name: /Alan Turing/ }).click();
    await status(page, /^CONNECTED$/);
    expect(await text(page, "user-sub")).toMatch(/^github\|\d{21}$/);
    expect(watch.errors).toEqual([]);
    await page.close();
  });

  it("account linking: google with an email user's address asks for that email's code, then links google to the account", async () => {
    const { page, watch } = await open();
    const email = uniqueEmail("link");
    await emailSignUp(page, email);
    const address = await text(page, "user-address");
    await logOut(page);

    await signInDialog(page);
    const popup = await startPopup(page, "Continue with Google");
    const since = Date.now();
    await popup.getByRole("textbox", { name: "Email" }).fill(email);
    await popup.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("group", { name: "One-time code" }).waitFor();
    await page.getByText(email).waitFor();
    expect(await text(page, "events")).toContain("emailAuthLinkingRequired");
    await typeCode(page, (await waitForMessage(emulator.url, email, since)).code!);
    await status(page, /^CONNECTED$/);
    expect(await text(page, "user-address")).toBe(address);
    await page.getByTestId("auth-methods").filter({ hasText: "providers: google" }).waitFor();

    // Next time google signs straight into the same account.
    await logOut(page);
    await signInDialog(page);
    const again = await startPopup(page, "Continue with Google");
    await again.getByRole("textbox", { name: "Email" }).fill(email);
    await again.getByRole("button", { name: "Continue" }).click();
    await status(page, /^CONNECTED$/);
    expect(await text(page, "user-address")).toBe(address);
    expect(watch.errors).toEqual([]);
    await page.close();
  });

  it("adds a linked provider through a popup (id token only) and removes it", async () => {
    const { page, watch } = await open();
    const email = uniqueEmail("manage");
    await emailSignUp(page, email);
    await page.getByTestId("auth-methods").filter({ hasText: /^providers: $/ }).waitFor();
    const opened = page.context().waitForEvent("page");
    await page.getByRole("button", { name: "Link Twitch" }).click();
    const popup = await opened;
    await popup.getByRole("textbox", { name: "Email" }).fill(uniqueEmail("twitch"));
    await popup.getByRole("button", { name: "Continue" }).click();
    await page.getByTestId("outcome").filter({ hasText: /^\d+:ok$/ }).waitFor();
    await page.getByTestId("auth-methods").filter({ hasText: "providers: twitch" }).waitFor();
    expect(await text(page, "status")).toBe("CONNECTED");
    // Linking and unlinking need a fresh proof (step-up): this session's sign-in, under five minutes old, is one.
    await page.getByRole("button", { name: "Remove twitch" }).click();
    await page.getByTestId("auth-methods").filter({ hasText: /^providers: $/ }).waitFor();
    expect(await text(page, "outcome")).toMatch(/^\d+:ok$/);
    expect(watch.errors).toEqual([]);
    await page.close();
  });
});

describe("second factor on social and custom-JWT sign-in, in Chromium", () => {
  it("a Google user with an authenticator app lands on 'Enter authenticator app code'; the code signs them in", async () => {
    const client = new EmulatorClient(emulator.url);
    const email = uniqueEmail("social-mfa");
    const first = await socialLogin(client, email);
    const totp = await enrolTotp(client, await sessionFromBundle(first.result.orgId, first.result.bundle, first.target));

    const { page, watch } = await open();
    await signInDialog(page);
    const popup = await startPopup(page, "Continue with Google");
    await popup.getByRole("textbox", { name: "Email" }).fill(email);
    await popup.getByRole("button", { name: "Continue", exact: true }).click();
    await page.getByRole("heading", { name: "Enter authenticator app code" }).waitFor();
    await status(page, /^AWAITING_MFA_AUTH$/);
    await typeCode(page, await totp.nextCode());
    await status(page, /^CONNECTED$/);
    expect(await text(page, "user-email")).toBe(email);
    expect(watch.errors).toEqual([]);
    await page.close();
  });

  it("a custom-JWT user with an authenticator app gets 'Enter authenticator app code'; the code signs them in", async () => {
    const client = new EmulatorClient(emulator.url);
    const sub = `mfa-user-${Date.now()}`;
    const mintFor = (nonce: string) =>
      new SignJWT({ nonce }).setProtectedHeader({ alg: "ES256", kid: "e2e-1" }).setIssuer(JWT_ISSUER).setAudience(JWT_AUDIENCE).setSubject(sub).setIssuedAt().setExpirationTime("5m").sign(jwtKey);
    const target = newTargetKey();
    const signedUp = await client.ok("auth-jwt", { jwt: await mintFor(nonceOf(target.publicKey)), targetPublicKey: target.publicKey, authProvider: "app-auth" });
    const totp = await enrolTotp(client, await sessionFromBundle(signedUp.orgId, signedUp.credentialBundle, target));

    const { page, watch } = await open();
    await page.getByRole("textbox", { name: "JWT" }).fill(await mintFor(await jwtNonce(page)));
    await page.getByRole("button", { name: "Sign in with JWT" }).click();
    await page.getByRole("heading", { name: "Enter authenticator app code" }).waitFor();
    await page.getByTestId("outcome").filter({ hasText: /error: MFA is required for this user/ }).waitFor();
    await status(page, /^AWAITING_MFA_AUTH$/);
    await typeCode(page, await totp.nextCode());
    await status(page, /^CONNECTED$/);
    expect(await text(page, "user-sub")).toBe("");
    expect(watch.errors).toEqual([]);
    await page.close();
  });
});

describe("custom JWT in Chromium", () => {
  const mint = (sub: string, nonce: string, expiresAt = Math.floor(Date.now() / 1000) + 300) =>
    new SignJWT({ email: `${sub}@app.test`, nonce })
      .setProtectedHeader({ alg: "ES256", kid: "e2e-1" })
      .setIssuer(JWT_ISSUER)
      .setAudience(JWT_AUDIENCE)
      .setSubject(sub)
      .setIssuedAt()
      .setExpirationTime(expiresAt)
      .sign(jwtKey);

  it("signs in with a token the app minted, verified against its JWKS; an expired one is refused", async () => {
    const { page, watch } = await open();
    const sub = `app-user-${Date.now()}`;
    const nonce = await jwtNonce(page);
    await page.getByRole("textbox", { name: "JWT" }).fill(await mint(sub, nonce, Math.floor(Date.now() / 1000) - 60));
    await page.getByRole("button", { name: "Sign in with JWT" }).click();
    await page.getByTestId("outcome").filter({ hasText: /error: The JWT expired at/ }).waitFor();
    await status(page, /^DISCONNECTED$/);

    // A token bound to another key (a leaked one) is refused.
    await page.getByRole("textbox", { name: "JWT" }).fill(await mint(sub, "0".repeat(64)));
    await page.getByRole("button", { name: "Sign in with JWT" }).click();
    await page.getByTestId("outcome").filter({ hasText: /error: The JWT's nonce is not bound to this key/ }).waitFor();

    await page.getByRole("textbox", { name: "JWT" }).fill(await mint(sub, nonce));
    await page.getByRole("button", { name: "Sign in with JWT" }).click();
    await status(page, /^CONNECTED$/);
    expect(await text(page, "user-sub")).toBe(sub);
    expect(await text(page, "user-email")).toBe(`${sub}@app.test`);
    // The session survives a reload (a custom-jwt session in storage, re-checked by whoami).
    await page.reload();
    await status(page, /^CONNECTED$/);
    expect(await text(page, "user-sub")).toBe(sub);
    // The refused tokens (expired: 401, bound to another key: 400) are the only failed requests.
    expect(watch.errors.filter((e) => !/\b40[01]\b/.test(e))).toEqual([]);
    await page.close();
  });
});

/** The nonce the kit asks the app's auth to put in its JWT (hex sha256 of the auth frame's key). */
async function jwtNonce(page: Page): Promise<string> {
  await page.getByRole("button", { name: "Get JWT nonce" }).click();
  await page.getByTestId("jwt-nonce").filter({ hasText: /^[0-9a-f]{64}$/ }).waitFor();
  return text(page, "jwt-nonce");
}

/** Enrols an authenticator app for a signed-in user (from Node, as the user's own session would). */
async function enrolTotp(client: EmulatorClient, session: Session) {
  const { address } = await client.ok("whoami", { stampedRequest: whoamiRequest(session) });
  const added = await client.ok("auth-request-multi-factor", { stampedRequest: mfaRequest(session, MFA_ACTIONS.add, address), multiFactorType: "totp" });
  const app = authenticatorFor(added.multiFactorTotpUrl);
  const used = app.code(Date.now());
  await client.ok("auth-verify-multi-factor", { stampedRequest: mfaRequest(session, MFA_ACTIONS.verify, address), multiFactorId: added.multiFactorId, multiFactorCode: used });
  // The next sign-in needs a code of a later time step (a step is used once).
  return { nextCode: async () => {
    for (;;) {
      const code = app.code(Date.now());
      if (code !== used) return code;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  } };
}

async function waitForFrame(page: Page, origin: string) {
  for (let i = 0; i < 50; i++) {
    const frame = page.frames().find((f) => f.url().startsWith(origin));
    if (frame) {
      await frame.waitForLoadState();
      return frame;
    }
    await page.waitForTimeout(50);
  }
  throw new Error(`no frame from ${origin}`);
}
