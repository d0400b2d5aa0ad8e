import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page, Route } from "playwright-core";
import { TOTP, URI } from "otpauth";
import { verifyMessage, verifyTypedData, type Address, type Hex } from "viem";
import { startPostgresCluster, type PostgresCluster } from "../server/support/postgresCluster";
import { launchChromiumAllowingThirdPartyStorage } from "../e2e/support/chromium";
import { addVirtualAuthenticator } from "../e2e/support/webauthn";
import { startPageServer, type PageServer } from "../e2e/support/page-server";
import { installAccountKit } from "./support/accountKit";
import { ageSignIns } from "./support/signIns";
import { startSmtpReceiver, type ReceivedEmail, type Receiver } from "./support/receivers";
import { API_KEY, freePort, startProduction, type ProductionProcess } from "./support/server";

// Account Kit's own client (@account-kit/signer, AlchemyWebSigner) in Chromium against the production
// profile: the migration path for an existing Account Kit app. Its frame and key-management hosts are
// hard-coded to Turnkey's; the test routes them to the Latch server, as a deployment would by its own
// build of the SDK. Nothing leaves loopback: every other host is aborted and counted.
const TURNKEY_HOSTS = { "auth.turnkey.com": "/frames/auth", "export.turnkey.com": "/frames/export", "api.turnkey.com": "" } as const;

let pages: PageServer;
let smtp: Receiver<ReceivedEmail>;
let server: ProductionProcess;
let cluster: PostgresCluster;
let databaseUrl: string;

beforeAll(async () => {
  const nodeModules = await installAccountKit();
  const port = await freePort();
  [pages, smtp, cluster] = await Promise.all([
    startPageServer(["page"], new URL("./account-kit/", import.meta.url), { nodePaths: [nodeModules] }),
    startSmtpReceiver(),
    startPostgresCluster(),
  ]);
  databaseUrl = await cluster.createDatabase();
  server = await startProduction({
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    LATCH_PUBLIC_URL: `http://localhost:${port}`,
    // The app, and the frames as the SDK loads them (under Turnkey's host names, routed here).
    LATCH_ALLOWED_ORIGINS: [pages.url, "https://auth.turnkey.com", "https://export.turnkey.com"].join(","),
    // Those requests carry Turnkey's host names: the server answers them as aliases (any other Host is 421).
    LATCH_HOST_ALIASES: "auth.turnkey.com,export.turnkey.com",
    SMTP_URL: smtp.url,
    LATCH_EMAIL_FROM: "Example App <no-reply@app.example>",
  });
}, 240_000);
afterAll(async () => {
  await server?.stop();
  await Promise.all([pages?.close(), smtp?.close()]);
  await cluster?.destroy();
});


/**
 * A browser whose Turnkey hosts answer from the Latch server; any other host beyond loopback is aborted and
 * listed. Third-party storage is allowed (a browser's default outside private windows): the SDK's auth frame
 * keeps its key in its own storage, and a session survives a reload only if that storage does.
 */
async function routedContext(): Promise<{ context: BrowserContext; elsewhere: string[]; close(): Promise<void> }> {
  const { context, close } = await launchChromiumAllowingThirdPartyStorage();
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
      // A frame host is the server's /frames folder: its page at the root, the page's own script (named relative to it) beside it.
      const path = !framePath ? url.pathname : url.pathname === "/" ? framePath : `/frames${url.pathname}`;
      return route.fulfill({ response: await route.fetch({ url: `${server.url}${path}${url.search}` }) });
    },
  );
  return { context, elsewhere, close };
}

type Outcome<T> = { ok: true; value: T } | { ok: false; error: string };
type Driver = Record<string, (...args: never[]) => Promise<unknown>> & { statuses: string[] };

/** Calls `window.accountKit[name](...args)` in the page and answers its outcome. */
const call = <T,>(page: Page, name: string, ...args: unknown[]) =>
  page.evaluate(([name, args]) => (window as never as { accountKit: Driver }).accountKit[name as string]!(...(args as never[])), [name, args] as const) as Promise<Outcome<T>>;

/** The value of an outcome that must be ok (the SDK's error otherwise, in the assertion's message). */
function ok<T>(outcome: Outcome<T>): T {
  expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
  return (outcome as { value: T }).value;
}

/** A page of the Account Kit app with the SDK configured as the guide says, and a virtual authenticator. */
async function openApp(context: BrowserContext) {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(`${pages.url}/page`);
  await page.waitForFunction(() => "accountKit" in window);
  await initSdk(page);
  return { page, errors, authenticator: await addVirtualAuthenticator(page) };
}

async function initSdk(page: Page) {
  await page.evaluate(([url, key]) => (window as never as { accountKit: { init(u: string, k: string): void } }).accountKit.init(url, key), [server.url, API_KEY] as const);
}

/** An email-code sign-in (or sign-up) through the SDK; the code comes by SMTP. */
async function emailCode(page: Page, email: string) {
  const since = smtp.received.length;
  await page.evaluate((to) => (window as never as { accountKit: { startEmail(e: string): void } }).accountKit.startEmail(to), email);
  const mail = await smtp.waitFor((m) => m.to === email, since);
  const code = /Your code is (\d{6})/.exec(mail.text)![1]!;
  // The code can reach the inbox before the answer reaches the SDK: submit once it holds its temporary session.
  await page.waitForFunction(() => Object.keys(localStorage).some((key) => key.endsWith(":temporary")), undefined, { timeout: 20_000 });
  return call<{ address: string; email?: string; orgId: string } | { awaitingMfa: true }>(page, "submitCode", code);
}

const TYPED_DATA = {
  domain: { name: "Latch", version: "1", chainId: 1 },
  types: { Mail: [{ name: "contents", type: "string" }] },
  primaryType: "Mail",
  message: { contents: "Signed by Account Kit's SDK" },
} as const;

/** The code of an authenticator app enrolled with this otpauth:// URL, for a time step no code was used in yet. */
function totpCode(url: string, usedSteps: Set<number>): string {
  const totp = URI.parse(url) as TOTP;
  let now = Date.now();
  while (usedSteps.has(Math.floor(now / 30_000))) now += 30_000;
  usedSteps.add(Math.floor(now / 30_000));
  return totp.generate({ timestamp: now });
}

describe("Account Kit's signer SDK against a Latch server, configured as the guide says", () => {
  it("runs its 19 steps: email sign-up and sign-in, passkey sign-up and sign-in, MFA, lists, export refused to a bare session and allowed after a new sign-in or verifyMfa, signatures, reload, logout", async () => {
    const { context, elsewhere, close } = await routedContext();
    const { page, errors, authenticator } = await openApp(context);
    const done: string[] = [];
    const step = async (name: string, run: () => Promise<void>) => {
      try {
        await run();
      } catch (error) {
        throw new Error(`step ${done.length + 1} (${name}) failed after ${done.length} of 19`, { cause: error });
      }
      done.push(name);
    };

    const email = `account-kit-${Date.now()}@example.com`;
    let address = "" as Address;
    await step("email sign-up", async () => {
      const user = ok(await emailCode(page, email)) as { address: Address; email?: string };
      expect(user).toMatchObject({ email });
      address = user.address;
    });
    await step("signMessage verified with viem", async () => {
      const message = "Signed by Account Kit's SDK against Latch";
      expect(await verifyMessage({ address, message, signature: ok(await call<Hex>(page, "signMessage", message)) })).toBe(true);
    });
    await step("signTypedData verified with viem", async () => {
      expect(await verifyTypedData({ address, ...TYPED_DATA, signature: ok(await call<Hex>(page, "signTypedData", TYPED_DATA)) })).toBe(true);
    });
    await step("addPasskey", async () => {
      expect(ok(await call<string[]>(page, "addPasskey"))).toHaveLength(1);
      expect(await authenticator.credentials()).toHaveLength(1);
      expect(ok(await call(page, "passkeyStatus"))).toEqual({ isPasskeyAdded: true });
    });
    await step("listAuthMethods (the SDK sends it unstamped)", async () => {
      expect(ok(await call(page, "listAuthMethods"))).toMatchObject({ email, passkeys: [{ authenticatorId: expect.any(String) }] });
    });
    await step("exportWallet with a session older than five minutes is refused: it needs a fresh proof (step-up)", async () => {
      // addPasskey above needed none: the sign-up, under five minutes old, was the session's proof. Now it is older.
      await ageSignIns(databaseUrl, email);
      const refused = await call<boolean>(page, "exportWallet");
      expect(refused.ok).toBe(false);
      expect((refused as { error: string }).error).toMatch(/fresh proof/);
    });
    await step("restore after reload", async () => {
      await page.reload();
      await page.waitForFunction(() => "accountKit" in window);
      await initSdk(page);
      expect(ok(await call(page, "authDetails"))).toMatchObject({ address, email });
    });
    await step("logout (a reload stays signed out)", async () => {
      ok(await call(page, "logout"));
      await page.reload();
      await page.waitForFunction(() => "accountKit" in window);
      await initSdk(page);
      expect((await call(page, "authDetails")).ok).toBe(false);
    });
    await step("email sign-in", async () => {
      expect(ok(await emailCode(page, email))).toMatchObject({ address, email });
    });
    await step("exportWallet after that sign-in: re-authenticating by email code is the SDK's step-up", async () => {
      expect(ok(await call<boolean>(page, "exportWallet"))).toBe(true);
    });
    const usedSteps = new Set<number>();
    await step("addMfa + verifyMfa (TOTP)", async () => {
      const added = ok(await call<{ multiFactorId: string; multiFactorTotpUrl: string }>(page, "addMfa"));
      expect(added.multiFactorTotpUrl).toMatch(/^otpauth:\/\/totp\//);
      const verified = ok(await call(page, "verifyMfa", added.multiFactorId, totpCode(added.multiFactorTotpUrl, usedSteps)));
      expect(verified).toEqual({ multiFactors: [{ multiFactorId: added.multiFactorId, multiFactorType: "totp" }] });
      expect(ok(await call(page, "mfaFactors"))).toEqual(verified);
      (globalThis as { totpUrl?: string }).totpUrl = added.multiFactorTotpUrl;
    });
    await step("a sign-in that asks for the TOTP code", async () => {
      ok(await call(page, "logout"));
      expect(ok(await emailCode(page, email))).toEqual({ awaitingMfa: true });
      const code = totpCode((globalThis as { totpUrl?: string }).totpUrl!, usedSteps);
      expect(ok(await call(page, "validateMultiFactors", code))).toMatchObject({ address, email });
    });
    await step("verifyMfa with the enrolled factor's code steps an older session up: exportWallet then works", async () => {
      await ageSignIns(databaseUrl, email);
      expect((await call<boolean>(page, "exportWallet")).ok).toBe(false);
      const url = (globalThis as { totpUrl?: string }).totpUrl!;
      // The server takes a code one step ahead of now at most: wait until the next unused step is that close.
      await expect.poll(() => Math.floor(Date.now() / 30_000), { timeout: 65_000, interval: 500 }).toBeGreaterThanOrEqual(Math.max(...usedSteps));
      const [factor] = (ok(await call<{ multiFactors: { multiFactorId: string }[] }>(page, "mfaFactors"))).multiFactors;
      ok(await call(page, "verifyMfa", factor!.multiFactorId, totpCode(url, usedSteps)));
      expect(ok(await call<boolean>(page, "exportWallet"))).toBe(true);
    });
    await step("passkey sign-in after logout (the SDK names its vendor's root organisation)", async () => {
      ok(await call(page, "logout"));
      expect(ok(await call(page, "passkeySignIn"))).toMatchObject({ address });
    });
    await step("signMessage after a passkey sign-in", async () => {
      const message = "Signed with a passkey session";
      expect(await verifyMessage({ address, message, signature: ok(await call<Hex>(page, "signMessage", message)) })).toBe(true);
    });
    await step("listAuthMethods after a passkey sign-in", async () => {
      expect(ok(await call(page, "listAuthMethods"))).toMatchObject({ email, passkeys: [{ authenticatorId: expect.any(String) }] });
    });
    let passkeyAddress = "" as Address;
    await step("passkey sign-up (a new user)", async () => {
      ok(await call(page, "logout"));
      const user = ok(await call<{ address: Address }>(page, "passkeySignUp", `account-kit-passkey-${Date.now()}`));
      expect(user.address).not.toBe(address);
      passkeyAddress = user.address;
    });
    await step("signMessage as the passkey user", async () => {
      const message = "Signed by a passkey user";
      expect(await verifyMessage({ address: passkeyAddress, message, signature: ok(await call<Hex>(page, "signMessage", message)) })).toBe(true);
    });
    await step("logout of the passkey user", async () => {
      ok(await call(page, "logout"));
      expect((await call(page, "authDetails")).ok).toBe(false);
    });

    expect(done).toHaveLength(19);
    expect(errors).toEqual([]);
    // Nothing tried to leave loopback (no telemetry, no vendor host) beyond the routed Turnkey hosts.
    expect(elsewhere).toEqual([]);
    await close();
  }, 240_000);
});
