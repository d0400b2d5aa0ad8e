// Every sign-in method reaches a signing frame on a server in split custody, in Chromium: social
// sign-in through a certified OpenID provider (oidc-provider, a custom provider, by popup), a magic
// link, and a custom JWT each end in a session whose frame holds the wallet's shares and signs; each
// signature is verified with viem. (Email, SMS and passkeys: test/e2e/split-custody.test.ts.)
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from "jose";
import { recoverMessageAddress, type Hex } from "viem";
import { startServer, type RunningServer } from "../../server/index";
import { oidcProvider } from "../../server/idp/oidc";
import { launchChromium, watchPage } from "./support/chromium";
import { startPageServer, type PageServer } from "./support/page-server";
import { waitForMessage } from "./support/inbox";
import { uniqueEmail } from "./support/sign-in";
import { freePort } from "./support/wallets/anvil";
import { startOidcProvider } from "../production/support/identityProviders";

const JWT_ISSUER = "https://auth.split-custody.test";
const JWT_AUDIENCE = "latch-split-custody";
const ACME = { clientId: "latch-acme", clientSecret: "acme-secret-0123456789" };

let browser: Browser;
let emulator: RunningServer;
let pages: PageServer;
let acme: Awaited<ReturnType<typeof startOidcProvider>>;
let jwks: Server;
let jwtKey: CryptoKey;

beforeAll(async () => {
  const port = await freePort();
  const publicUrl = `http://localhost:${port}`;
  const pair = await generateKeyPair("ES256");
  jwtKey = pair.privateKey;
  const publicJwk = { ...(await exportJWK(pair.publicKey)), kid: "split-1", alg: "ES256", use: "sig" };
  jwks = createServer((req, res) => {
    if (req.url === "/jwks.json") res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ keys: [publicJwk] }));
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => jwks.listen(0, "127.0.0.1", resolve));
  const jwksUri = `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/jwks.json`;
  acme = await startOidcProvider({
    clients: [{ client_id: ACME.clientId, client_secret: ACME.clientSecret, token_endpoint_auth_method: "client_secret_basic", redirect_uris: [`${publicUrl}/callback`] }],
    clientAuthMethods: ["client_secret_basic"],
  });
  [emulator, browser, pages] = await Promise.all([
    startServer({
      memory: true,
      port,
      publicUrl,
      checkAnswers: true,
      custody: "split",
      jwtIssuers: [{ id: "app-auth", issuer: JWT_ISSUER, jwksUri, audience: JWT_AUDIENCE }],
      socialProviders: [oidcProvider({ id: "acme", issuer: acme.issuer, clientId: ACME.clientId, clientSecret: ACME.clientSecret })],
    }),
    launchChromium(),
    startPageServer(["custody-methods"]),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await pages?.close();
  await emulator?.stop();
  await acme?.close();
  if (jwks) await new Promise((resolve) => jwks.close(resolve));
});

const text = async (page: Page, id: string) => (await page.getByTestId(id).textContent()) ?? "";

async function open(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${pages.url}/custody-methods?${new URLSearchParams({ emulator: emulator.url })}`);
  await page.getByTestId("status").filter({ hasText: /^DISCONNECTED$/ }).waitFor();
  return page;
}

async function press(page: Page, name: string): Promise<string> {
  await page.getByRole("button", { name, exact: true }).click();
  await page.getByTestId("outcome").filter({ hasNotText: /^(pending)?$/ }).waitFor({ timeout: 60_000 });
  return text(page, "outcome");
}

/** Signed in: the new wallet is split in this session's frame, which holds its share; a message it signs recovers to the wallet's address. */
async function signsInTheFrame(page: Page): Promise<void> {
  await page.getByTestId("status").filter({ hasText: /^CONNECTED$/ }).waitFor({ timeout: 30_000 });
  await page.getByTestId("custody").filter({ hasText: /^split$/ }).waitFor({ timeout: 30_000 });
  await page.getByTestId("device-share").filter({ hasText: /^true$/ }).waitFor({ timeout: 30_000 });
  const address = await text(page, "address");
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  expect(await press(page, "Sign message")).toBe("ok");
  expect(await recoverMessageAddress({ message: "signed in the frame", signature: (await text(page, "signature")) as Hex })).toBe(address);
}

describe("split custody: every sign-in method reaches a signing frame (Chromium)", () => {
  it("social sign-in through oidc-provider (a custom provider, by popup)", { timeout: 120_000 }, async () => {
    const context = await browser.newContext();
    const page = await open(context);
    const watch = watchPage(page);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    const opened = context.waitForEvent("page");
    await page.getByRole("button", { name: "Continue with Acme" }).click();
    const popup = await opened;
    await popup.getByRole("heading", { name: "Sign in to the test provider" }).waitFor();
    expect(new URL(popup.url()).origin).toBe(acme.issuer);
    await popup.getByRole("textbox", { name: "Email" }).fill(uniqueEmail("split-social"));
    await popup.getByRole("button", { name: "Sign in" }).click();
    await signsInTheFrame(page);
    expect(acme.tokenRequests.at(-1)).toMatchObject({ clientId: ACME.clientId });
    expect(watch.offLoopback).toEqual([]);
    await context.close();
  });

  it("a magic link", { timeout: 120_000 }, async () => {
    const context = await browser.newContext();
    const page = await open(context);
    const watch = watchPage(page);
    const email = uniqueEmail("split-link");
    const since = Date.now() - 1000;
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByRole("textbox", { name: "Email" }).fill(email);
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    await page.getByRole("heading", { name: "check your email" }).waitFor();
    const message = await waitForMessage(emulator.url, email, since);
    expect(new URL(message.link!).origin).toBe(pages.url);
    // The link opens in the tab that asked (its frame holds the key the link's bundle is sealed to).
    await page.goto(message.link!);
    await signsInTheFrame(page);
    expect(watch.offLoopback).toEqual([]);
    await context.close();
  });

  it("a custom JWT whose nonce names the session's frame key", { timeout: 120_000 }, async () => {
    const context = await browser.newContext();
    const page = await open(context);
    const watch = watchPage(page);
    expect(await press(page, "Get JWT nonce")).toBe("ok");
    const nonce = await text(page, "jwt-nonce");
    expect(nonce).toMatch(/^[0-9a-f]{64}$/);
    const token = await new SignJWT({ email: `${uniqueEmail("split-jwt")}`, nonce })
      .setProtectedHeader({ alg: "ES256", kid: "split-1" })
      .setIssuer(JWT_ISSUER)
      .setAudience(JWT_AUDIENCE)
      .setSubject(`split-jwt-${Date.now()}`)
      .setIssuedAt()
      .setExpirationTime("5m")
      .sign(jwtKey);
    await page.getByRole("textbox", { name: "JWT" }).fill(token);
    expect(await press(page, "Sign in with JWT")).toBe("ok");
    await signsInTheFrame(page);
    expect(watch.offLoopback).toEqual([]);
    await context.close();
  });
});
