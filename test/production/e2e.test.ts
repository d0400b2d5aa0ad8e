import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { verifyMessage } from "viem";
import { p256 } from "@noble/curves/nist.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { launchChromium, watchPage } from "../e2e/support/chromium";
import { startPageServer, type PageServer } from "../e2e/support/page-server";
import { addVirtualAuthenticator } from "../e2e/support/webauthn";
import { startExternalDevIdp, startJwtIssuer } from "./support/issuers";
import { startHttpReceiver, startSmtpReceiver, type ReceivedEmail, type ReceivedRequest, type Receiver } from "./support/receivers";
import { nonceOf } from "../server/support/oauth";
import { API_KEY, METRICS_TOKEN, freePort, signer, startProduction, type ProductionProcess } from "./support/server";

// Our kit in Chromium against the production profile (a subprocess configured by env vars only):
// mail through a real SMTP server, SMS through a webhook, social sign-in through an external OpenID
// provider (the dev profile's identity provider in its own process), custom JWT from a trusted
// issuer, passkeys; every signature checked with viem.
let browser: Browser;
let pages: PageServer;
let smtp: Receiver<ReceivedEmail>;
let smsHook: Receiver<ReceivedRequest>;
let idp: Awaited<ReturnType<typeof startExternalDevIdp>>;
let appIssuer: Awaited<ReturnType<typeof startJwtIssuer>>;
let server: ProductionProcess;

beforeAll(async () => {
  const port = await freePort();
  [browser, pages, smtp, smsHook, idp, appIssuer] = await Promise.all([
    launchChromium(),
    startPageServer(["app"], new URL("./pages/", import.meta.url)),
    startSmtpReceiver(),
    startHttpReceiver(),
    startExternalDevIdp(`http://localhost:${port}/callback`),
    startJwtIssuer("https://auth.app.example", "latch-production-test"),
  ]);
  server = await startProduction({
    PORT: String(port),
    LATCH_PUBLIC_URL: `http://localhost:${port}`,
    LATCH_ALLOWED_ORIGINS: pages.url,
    SMTP_URL: smtp.url,
    LATCH_EMAIL_FROM: "Example App <no-reply@app.example>",
    LATCH_SMS_WEBHOOK_URL: `${smsHook.url}/sms`,
    LATCH_SMS_ALLOWED_COUNTRIES: "1",
    LATCH_OIDC_GOOGLE_ISSUER: `${idp.url}/idp/google`,
    LATCH_OIDC_GOOGLE_CLIENT_ID: "latch-dev-google",
    LATCH_OIDC_GOOGLE_CLIENT_SECRET: "not-checked-by-the-dev-provider",
    LATCH_JWT_APP_ISSUER: appIssuer.issuer,
    LATCH_JWT_APP_JWKS_URL: appIssuer.jwksUrl,
    LATCH_JWT_APP_AUDIENCE: appIssuer.audience,
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await Promise.all([pages?.close(), smtp?.close(), smsHook?.close(), idp?.stop(), appIssuer?.close()]);
});

/** A frame's public key, as the kit sends it (uncompressed P-256, hex). */
const frameKey = () => bytesToHex(p256.getPublicKey(p256.utils.randomSecretKey(), false));
let counter = 0;
const uniqueEmail = (name: string) => `${name}-${Date.now()}-${++counter}@example.com`;
const status = (page: Page, value: RegExp) => page.getByTestId("status").filter({ hasText: value }).waitFor();
const text = async (page: Page, id: string) => (await page.getByTestId(id).textContent()) ?? "";

async function open(query = ""): Promise<{ page: Page; watch: ReturnType<typeof watchPage> }> {
  const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
  const watch = watchPage(page);
  await page.goto(`${pages.url}/app?signer=${encodeURIComponent(server.url)}&apiKey=${API_KEY}${query}`);
  await status(page, /^DISCONNECTED$/);
  return { page, watch };
}

async function typeCode(page: Page, code: string) {
  await page.getByRole("textbox", { name: "Digit 1 of 6" }).click();
  await page.keyboard.type(code);
}

async function startEmail(page: Page, email: string) {
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByRole("button", { name: "Continue", exact: true }).first().click();
}

async function signAndVerify(page: Page, message: string) {
  // The page behind the modal dialog is inert until it closes (a second after success): typing there does nothing.
  await page.getByRole("dialog").waitFor({ state: "detached" });
  await page.getByRole("textbox", { name: "Message" }).fill(message);
  await page.getByRole("button", { name: "Sign message" }).click();
  await page.getByTestId("signature").filter({ hasText: /^0x/ }).waitFor();
  const address = (await text(page, "user-address")) as `0x${string}`;
  const signature = (await text(page, "signature")) as `0x${string}`;
  expect(await verifyMessage({ address, message, signature })).toBe(true);
  expect(await verifyMessage({ address, message: `${message}!`, signature })).toBe(false);
}

describe("our kit against the production profile", () => {
  it("email code: the code arrives by SMTP (plain, accessible: code, who asked, expiry); a signature verifies with viem", async () => {
    const { page, watch } = await open();
    const email = uniqueEmail("code");
    const since = smtp.received.length;
    await startEmail(page, email);
    const mail = await smtp.waitFor((m) => m.to === email, since);
    const code = /Your code is (\d{6})/.exec(mail.text)![1]!;
    expect(mail.from).toBe("no-reply@app.example");
    expect(mail.subject).toBe("Your Latch sign-in code");
    expect(mail.text).toContain(`Requested by ${pages.url} on `);
    expect(mail.text).toMatch(/It expires on .* UTC \(in 10 minutes\)\./);
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.html).toContain(code);
    await typeCode(page, code);
    await status(page, /^CONNECTED$/);
    expect(await text(page, "user-email")).toBe(email);
    expect(await text(page, "events")).toContain("newUserSignup");
    await signAndVerify(page, "signed against the production profile");
    expect(watch.errors).toEqual([]);
    expect(watch.offLoopback).toEqual([]);
    await page.close();
  });

  it("magic link: the link arrives by SMTP and signs the user in", async () => {
    const { page, watch } = await open("&emailMode=magicLink");
    const email = uniqueEmail("link");
    const since = smtp.received.length;
    await startEmail(page, email);
    await page.getByRole("heading", { name: "check your email" }).waitFor();
    const mail = await smtp.waitFor((m) => m.to === email, since);
    const link = new URL(mail.text.split("\n").find((line) => line.startsWith(pages.url))!);
    // Back to the page that asked (/app, with its query: the signer and the mode).
    expect(`${link.origin}${link.pathname}`).toBe(`${pages.url}/app`);
    expect(link.searchParams.get("emailMode")).toBe("magicLink");
    expect(link.searchParams.get("bundle")).toBeTruthy();
    expect(mail.html).toContain("Sign in</a>");
    await page.goto(link.href);
    await status(page, /^CONNECTED$/);
    expect(await text(page, "user-email")).toBe(email);
    await signAndVerify(page, "signed after a magic link");
    expect(watch.errors).toEqual([]);
    await page.close();
  });

  it("SMS: the code arrives at the webhook as {to, text, code}", async () => {
    const { page } = await open();
    const national = `415${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
    const since = smsHook.received.length;
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByRole("textbox", { name: "Phone number" }).fill(national);
    await page.getByRole("button", { name: "Continue" }).last().click();
    const request = await smsHook.waitFor((r) => r.body.includes(national), since);
    const body = JSON.parse(request.body) as { to: string; text: string; code: string };
    expect(request.path).toBe("/sms");
    expect(body.to).toBe(`+1${national}`);
    expect(body.text).toContain(body.code);
    expect(body.text).toContain(`for ${new URL(pages.url).host}`);
    await typeCode(page, body.code);
    await status(page, /^CONNECTED$/);
    expect(await text(page, "user-phone")).toBe(`+1${national}`);
    await signAndVerify(page, "signed after an SMS code");
    await page.close();
  });

  it("social sign-in through an external OpenID provider (discovery, code exchange, id token checked against its JWKS)", async () => {
    const { page, watch } = await open();
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    const opened = page.context().waitForEvent("page");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    const popup = await opened;
    await popup.getByRole("heading", { name: /^Sign in with / }).waitFor();
    expect(new URL(popup.url()).origin).toBe(idp.url);
    await popup.getByRole("button", { name: /Grace Hopper/ }).click();
    await status(page, /^CONNECTED$/);
    expect(await text(page, "user-email")).toBe("grace@example.com");
    await signAndVerify(page, "signed after social sign-in");
    expect(watch.errors).toEqual([]);
    await page.close();
  });

  it("custom JWT from a trusted issuer signs in; an expired one is refused (401 JWT_EXPIRED)", async () => {
    const { page } = await open();
    const sub = `user-${Date.now()}`;
    await page.getByRole("button", { name: "Get JWT nonce" }).click();
    await page.getByTestId("jwt-nonce").filter({ hasText: /^[0-9a-f]{64}$/ }).waitFor();
    const nonce = await text(page, "jwt-nonce");
    await page.getByRole("textbox", { name: "JWT" }).fill(await appIssuer.mint({ sub, nonce }));
    await page.getByRole("button", { name: "Sign in with JWT" }).click();
    await status(page, /^CONNECTED$/);
    await signAndVerify(page, "signed after a custom JWT");
    await page.close();
    const targetPublicKey = frameKey();
    const expired = await signer(server, "auth-jwt", { jwt: await appIssuer.mint({ sub, nonce: nonceOf(targetPublicKey) }, -120), targetPublicKey, authProvider: "app" });
    expect(expired.status).toBe(401);
    expect((await expired.json()).code).toBe("JWT_EXPIRED");
  });

  it("passkey: sign up with a passkey, sign out, sign back in with it, same address", async () => {
    const { page, watch } = await open();
    await addVirtualAuthenticator(page);
    await page.getByRole("button", { name: "Sign up with a passkey" }).click();
    await status(page, /^CONNECTED$/);
    const address = await text(page, "user-address");
    await signAndVerify(page, "signed with a passkey");
    await page.getByRole("button", { name: "Log out" }).click();
    await status(page, /^DISCONNECTED$/);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByRole("button", { name: "I have a passkey" }).click();
    await status(page, /^CONNECTED$/);
    expect(await text(page, "user-address")).toBe(address);
    expect(watch.errors).toEqual([]);
    await page.close();
  });

  it("counts sign-ins by method and codes sent at /metrics", async () => {
    const metrics = await (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    for (const method of ["email-code", "magic-link", "sms-code", "oauth", "jwt", "passkey"]) {
      expect(metrics, method).toMatch(new RegExp(`latch_sign_ins_total\\{method="${method}"\\} [1-9]`));
    }
    expect(metrics).toMatch(/latch_codes_sent_total\{channel="email",kind="code"\} [1-9]/);
    expect(metrics).toMatch(/latch_codes_sent_total\{channel="sms",kind="code"\} [1-9]/);
    // The logs never carry a code, a bundle or a key.
    const output = server.output();
    for (const mail of smtp.received) {
      const code = /Your code is (\d{6})/.exec(mail.text)?.[1];
      if (code) expect(output).not.toContain(code);
    }
    expect(output).not.toContain("bundle=");
    expect(output).not.toContain(API_KEY);
  });
});

describe("refusals of the production profile", () => {
  it("an app without its API key: the dialog says the app is not authorised, the console says to set signer.connection.apiKey", async () => {
    const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    const consoleErrors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") consoleErrors.push(m.text());
    });
    await page.goto(`${pages.url}/app?signer=${encodeURIComponent(server.url)}`);
    await status(page, /^DISCONNECTED$/);
    await startEmail(page, uniqueEmail("no-key"));
    await page.getByRole("alert").filter({ hasText: "This app is not authorised by its sign-in server." }).waitFor();
    expect(await page.getByRole("alert").textContent()).not.toContain("Please try again, or sign in another way.");
    expect(consoleErrors.some((line) => line.includes("set signer.connection.apiKey"))).toBe(true);
    await page.close();
  });

  it("takes a JWT of a trusted app issuer as the app credential; an expired one is 401 INVALID_APP_JWT", async () => {
    const lookup = (token: string) => signer(server, "lookup", { email: "nobody@example.com" }, { authorization: `Bearer ${token}` });
    expect((await lookup(await appIssuer.mint({ sub: "app-backend", nonce: "0".repeat(64) }))).status).toBe(200);
    const expired = await lookup(await appIssuer.mint({ sub: "app-backend", nonce: "0".repeat(64) }, -120));
    expect(expired.status).toBe(401);
    expect((await expired.json()).code).toBe("INVALID_APP_JWT");
  });

  const evil = "http://localhost:1";

  it("grants no CORS to an origin outside LATCH_ALLOWED_ORIGINS, and sends it no magic link", async () => {
    const preflight = await fetch(`${server.url}/signer/v1/auth`, {
      method: "OPTIONS",
      headers: { Origin: evil, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type,authorization" },
    });
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
    const allowed = await fetch(`${server.url}/signer/v1/auth`, {
      method: "OPTIONS",
      headers: { Origin: pages.url, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type,authorization" },
    });
    expect(allowed.headers.get("access-control-allow-origin")).toBe(pages.url);

    const email = uniqueEmail("evil");
    const since = smtp.received.length;
    const response = await signer(server, "signup", { email, emailMode: "magicLink", targetPublicKey: frameKey() }, { authorization: `Bearer ${API_KEY}`, origin: evil });
    expect(response.status).toBe(403);
    expect((await response.json()).code).toBe("ORIGIN_NOT_ALLOWED");
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.received.slice(since).filter((m) => m.to === email)).toEqual([]);
  });
});
