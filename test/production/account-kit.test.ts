import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page, Route } from "playwright-core";
import { verifyMessage } from "viem";
import { launchChromium } from "../e2e/support/chromium";
import { addVirtualAuthenticator } from "../e2e/support/webauthn";
import { startPageServer, type PageServer } from "../e2e/support/page-server";
import { installAccountKit } from "./support/accountKit";
import { startSmtpReceiver, type ReceivedEmail, type Receiver } from "./support/receivers";
import { API_KEY, freePort, startProduction, type ProductionProcess } from "./support/server";

// Account Kit's own client (@account-kit/signer, AlchemyWebSigner) in Chromium against the production
// profile: the migration path for an existing Account Kit app. Its frame and key-management hosts are
// hard-coded to Turnkey's; the test routes them to the Latch server, as a deployment would by its own
// build of the SDK. Nothing leaves loopback: every other host is aborted and counted.
const TURNKEY_HOSTS = { "auth.turnkey.com": "/frames/auth", "export.turnkey.com": "/frames/export", "api.turnkey.com": "" } as const;

let browser: Browser;
let pages: PageServer;
let smtp: Receiver<ReceivedEmail>;
let server: ProductionProcess;

beforeAll(async () => {
  const nodeModules = await installAccountKit();
  const port = await freePort();
  [browser, pages, smtp] = await Promise.all([
    launchChromium(),
    startPageServer(["page"], new URL("./account-kit/", import.meta.url), { nodePaths: [nodeModules] }),
    startSmtpReceiver(),
  ]);
  server = await startProduction({
    PORT: String(port),
    LATCH_PUBLIC_URL: `http://localhost:${port}`,
    // The app, and the frames as the SDK loads them (under Turnkey's host names, routed here).
    LATCH_ALLOWED_ORIGINS: [pages.url, "https://auth.turnkey.com", "https://export.turnkey.com"].join(","),
    SMTP_URL: smtp.url,
    LATCH_EMAIL_FROM: "Example App <no-reply@app.example>",
  });
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await Promise.all([pages?.close(), smtp?.close()]);
});

/** A browser context whose Turnkey hosts answer from the Latch server; any other host beyond loopback is aborted and listed. */
async function routedContext(): Promise<{ context: BrowserContext; elsewhere: string[] }> {
  const context = await browser.newContext();
  const elsewhere: string[] = [];
  await context.route(
    (url) => !["localhost", "127.0.0.1"].includes(url.hostname),
    async (route: Route) => {
      const url = new URL(route.request().url());
      const framePath = TURNKEY_HOSTS[url.hostname as keyof typeof TURNKEY_HOSTS];
      if (framePath === undefined) {
        elsewhere.push(url.href);
        return route.abort();
      }
      const path = url.pathname === "/" && framePath ? framePath : url.pathname;
      return route.fulfill({ response: await route.fetch({ url: `${server.url}${path}${url.search}` }) });
    },
  );
  return { context, elsewhere };
}

const inPage = <T,>(page: Page, fn: (arg: never) => Promise<T> | T, arg?: unknown) => page.evaluate(fn as never, arg as never) as Promise<T>;

describe("Account Kit's signer SDK against a Latch server", () => {
  it("signs up by email code, signs a message that recovers to its address, and adds a passkey", async () => {
    const { context, elsewhere } = await routedContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${pages.url}/page`);
    await page.waitForFunction(() => "accountKit" in window);

    const email = `account-kit-${Date.now()}@example.com`;
    const since = smtp.received.length;
    await inPage(page, ([rpcUrl, apiKey, to]: [string, string, string]) => (window as never as { accountKit: { startEmail(...a: string[]): void } }).accountKit.startEmail(rpcUrl, apiKey, to), [server.url, API_KEY, email]);
    const mail = await smtp.waitFor((m) => m.to === email, since);
    const code = /Your code is (\d{6})/.exec(mail.text)![1]!;
    // The code can reach the inbox before the sign-up answer reaches the SDK: submit once it holds its temporary session.
    await page.waitForFunction(() => Object.keys(localStorage).some((key) => key.endsWith(":temporary")), undefined, { timeout: 20_000 });

    type Outcome<T> = { ok: true; value: T } | { ok: false; error: string };
    const signedIn = await inPage<Outcome<{ address: string; email?: string }>>(page, (c: string) => (window as never as { accountKit: { submitCode(c: string): Promise<never> } }).accountKit.submitCode(c), code);
    expect(signedIn).toMatchObject({ ok: true, value: { email } });
    const address = (signedIn as { value: { address: `0x${string}` } }).value.address;
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);

    const message = "Signed by Account Kit's SDK against Latch";
    const signed = await inPage<Outcome<`0x${string}`>>(page, (m: string) => (window as never as { accountKit: { signMessage(m: string): Promise<never> } }).accountKit.signMessage(m), message);
    expect(signed.ok, JSON.stringify(signed)).toBe(true);
    expect(await verifyMessage({ address, message, signature: (signed as { value: `0x${string}` }).value })).toBe(true);

    // A passkey added through the SDK (a CDP virtual authenticator: a real WebAuthn ceremony) is on the account.
    const authenticator = await addVirtualAuthenticator(page);
    const added = await inPage<Outcome<string[]>>(page, () => (window as never as { accountKit: { addPasskey(): Promise<never> } }).accountKit.addPasskey());
    expect(added.ok, JSON.stringify(added)).toBe(true);
    expect((added as { value: string[] }).value).toHaveLength(1);
    expect(await authenticator.credentials()).toHaveLength(1);
    const status = await inPage<Outcome<{ isPasskeyAdded: boolean }>>(page, () => (window as never as { accountKit: { passkeyStatus(): Promise<never> } }).accountKit.passkeyStatus());
    expect(status).toEqual({ ok: true, value: { isPasskeyAdded: true } });

    expect(errors).toEqual([]);
    // Nothing tried to leave loopback (no telemetry, no vendor host) beyond the routed Turnkey hosts.
    expect(elsewhere).toEqual([]);
    await context.close();
  }, 120_000);
});
