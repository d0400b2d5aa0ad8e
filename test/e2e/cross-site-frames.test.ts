import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { verifyMessage } from "viem";
import { mnemonicToAccount } from "viem/accounts";
import { startServer } from "../../server/index";
import { launchChromium, watchPage } from "./support/chromium";
import { startPlayground, type PlaygroundServer } from "./support/playground";
import { waitForMessage } from "./support/inbox";
import { enterEmailCode, uniqueEmail } from "./support/sign-in";
import { startPageServer, type PageServer } from "./support/page-server";
import { addVirtualAuthenticator } from "./support/webauthn";
import { SIGN_ONLY_SESSION_TEXT } from "../../wire/constants";

// The app on `localhost`, the signer host on `127.0.0.1`: two sites, as in every production
// deployment. Chromium as Playwright launches it blocks third-party storage (the setting users get
// with "Block third-party cookies"), so the frames see no localStorage at all.
let browser: Browser;
let emulator: Awaited<ReturnType<typeof startServer>>;
let playground: PlaygroundServer;
let signerUrl: string;

beforeAll(async () => {
  emulator = await startServer({ memory: true, port: 0, seed: "e2e-cross-site" });
  signerUrl = emulator.url.replace("//localhost:", "//127.0.0.1:");
  [browser, playground] = await Promise.all([launchChromium(), startPlayground(signerUrl)]);
});
afterAll(async () => {
  await browser?.close();
  await playground?.close();
  await emulator?.stop();
});

async function open(): Promise<{ page: Page; watch: ReturnType<typeof watchPage> }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const watch = watchPage(page);
  await page.goto(`${playground.url}/?emailMode=otp`);
  await page.getByTestId("status").filter({ hasText: /CONNECTED|DISCONNECTED/ }).waitFor({ timeout: 30_000 });
  return { page, watch };
}

async function signInWithCode(page: Page, email: string): Promise<void> {
  const since = Date.now() - 1000;
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByRole("button", { name: "Continue" }).first().click();
  await page.getByRole("group", { name: "One-time code" }).waitFor();
  const message = await waitForMessage(emulator.url, email, since);
  await page.getByRole("textbox", { name: "Digit 1 of 6" }).click();
  await page.keyboard.type(message.code!);
  await page.getByTestId("status").filter({ hasText: /^CONNECTED$/ }).waitFor();
  // The page behind the modal dialog is inert until it closes (a second after success).
  await page.getByRole("dialog").waitFor({ state: "detached" });
}

async function signedMessageVerifies(page: Page, message: string): Promise<boolean> {
  const address = (await page.getByTestId("user-address").textContent()) as `0x${string}`;
  await page.getByRole("textbox", { name: "Message" }).fill(message);
  await page.getByRole("button", { name: "Sign message" }).click();
  const signature = page.getByTestId("signature");
  await signature.filter({ hasText: /^0x/ }).waitFor();
  return verifyMessage({ address, message, signature: (await signature.textContent()) as `0x${string}` });
}

describe("frames on another site than the app, with third-party storage blocked", () => {
  it("a frame of the signer host really has no storage here (the condition under test)", async () => {
    const { page } = await open();
    await page.evaluate(async (url) => {
      const iframe = document.createElement("iframe");
      iframe.src = url;
      document.body.append(iframe);
      await new Promise((r) => iframe.addEventListener("load", r, { once: true }));
    }, `${signerUrl}/frames/export`);
    const frame = page.frames().find((f) => f.url().startsWith(`${signerUrl}/frames/export`));
    if (!frame) throw new Error(`no frame: ${page.frames().map((f) => f.url()).join(", ")}`);
    const storage = await frame.evaluate(() => {
      try {
        return `readable (${localStorage.length})`;
      } catch (error) {
        return (error as Error).name;
      }
    });
    expect(storage).toBe("SecurityError");
    await page.close();
  });

  it("signs in by email code, signs, and a reload keeps the user signed in and able to sign", async () => {
    const { page, watch } = await open();
    const email = uniqueEmail("xsite");
    await signInWithCode(page, email);
    expect(await signedMessageVerifies(page, "before reload")).toBe(true);
    const address = await page.getByTestId("user-address").textContent();

    await page.reload();
    await page.getByTestId("status").filter({ hasText: /^CONNECTED$/ }).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId("user-email").textContent()).toBe(email);
    expect(await page.getByTestId("user-address").textContent()).toBe(address);
    expect(await signedMessageVerifies(page, "after reload")).toBe(true);
    expect(watch.errors).toEqual([]);
    expect(watch.offLoopback).toEqual([]);
    await page.close();
  });
});

describe("passkey, social popup and export across sites, third-party storage blocked", () => {
  let pages: PageServer;
  beforeAll(async () => {
    pages = await startPageServer(["account", "social"]);
  });
  afterAll(() => pages?.close());

  /**
   * `reversed`: the app on 127.0.0.1 and the signer host on localhost, for social sign-in (the dev
   * identity provider knows the server by its public URL, on localhost); passkeys need the app on
   * localhost (an IP address cannot be a WebAuthn RP ID).
   */
  async function openPage(name: string, reversed = false): Promise<{ page: Page; watch: ReturnType<typeof watchPage> }> {
    const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    const watch = watchPage(page);
    const app = reversed ? pages.url.replace("//localhost:", "//127.0.0.1:") : pages.url;
    await page.goto(`${app}/${name}?emulator=${encodeURIComponent(reversed ? emulator.url : signerUrl)}`);
    await page.getByTestId("status").filter({ hasText: /^DISCONNECTED$/ }).waitFor();
    return { page, watch };
  }

  it("signs up with a passkey, and a reload keeps the passkey user able to sign", async () => {
    const { page, watch } = await openPage("account");
    await addVirtualAuthenticator(page);
    await page.getByRole("button", { name: "Sign up with a passkey" }).click();
    await page.getByTestId("status").filter({ hasText: /^CONNECTED$/ }).waitFor();
    await page.reload();
    await page.getByTestId("status").filter({ hasText: /^CONNECTED$/ }).waitFor();
    expect(await signedMessageVerifies(page, "passkey across sites")).toBe(true);
    expect(watch.errors).toEqual([]);
    await page.close();
  });

  it("exports the seed phrase into the export frame, which derives the user's address", async () => {
    const { page, watch } = await openPage("account");
    const email = uniqueEmail("xsite-export");
    await enterEmailCode(page, emulator.url, email);
    await page.getByTestId("status").filter({ hasText: /^CONNECTED$/ }).waitFor();
    await page.getByRole("dialog").waitFor({ state: "detached" });
    const address = await page.getByTestId("user-address").textContent();
    // Export needs a fresh proof (step-up): this session's sign-in, under five minutes old, is one.
    await page.getByRole("button", { name: "Export", exact: true }).click();
    const secret = page.frameLocator("#turnkey-export-iframe").locator("#export-secret");
    await secret.waitFor();
    expect(mnemonicToAccount((await secret.textContent())!.trim()).address).toBe(address);
    expect(watch.errors).toEqual([]);
    await page.close();
  });

  it("a session restored from the app's copy of the frame key signs, but is refused export until the user signs in again", async () => {
    const { page, watch } = await openPage("account");
    const email = uniqueEmail("xsite-restored");
    const signIn = async () => {
      await enterEmailCode(page, emulator.url, email, { since: Date.now() });
      await page.getByTestId("status").filter({ hasText: /^CONNECTED$/ }).waitFor();
      await page.getByRole("dialog").waitFor({ state: "detached" });
    };
    /** Clicks Export and waits for its outcome ("ok", or "error: <the text the page shows>"). */
    const exportOutcome = async () => {
      const before = Number(((await page.getByTestId("outcome").textContent()) ?? "0").split(":")[0]);
      await page.getByRole("button", { name: "Export", exact: true }).click();
      const done = page.getByTestId("outcome").filter({ hasText: new RegExp(`^${before + 1}:(ok|error: .*)$`) });
      await done.waitFor();
      return ((await done.textContent()) ?? "").replace(/^\d+:/, "");
    };
    await signIn();
    const address = await page.getByTestId("user-address").textContent();

    await page.reload();
    await page.getByTestId("status").filter({ hasText: /^CONNECTED$/ }).waitFor();
    expect(await signedMessageVerifies(page, "a restored session signs")).toBe(true);
    expect(await exportOutcome()).toBe(`error: ${SIGN_ONLY_SESSION_TEXT}`);
    expect((await page.frameLocator("#turnkey-export-iframe").locator("#export-secret").textContent())?.trim()).toBe("");

    // The user proves again (a fresh sign-in): export works in this page.
    await page.getByRole("button", { name: "Log out" }).click();
    await page.getByTestId("status").filter({ hasText: /^DISCONNECTED$/ }).waitFor();
    await signIn();
    // Export needs a fresh proof (step-up): that sign-in, under five minutes old, is one.
    expect(await exportOutcome()).toBe("ok");
    const secret = page.frameLocator("#turnkey-export-iframe").locator("#export-secret");
    await secret.waitFor();
    expect(mnemonicToAccount((await secret.textContent())!.trim()).address).toBe(address);
    // The restored session's refused export (403) is the only console error.
    expect(watch.errors.filter((e) => !/status of 403/.test(e))).toEqual([]);
    await page.close();
  });

  it("signs in with a social popup, and a reload keeps the user signed in", async () => {
    const { page, watch } = await openPage("social", true);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    const opened = page.context().waitForEvent("page");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    const popup = await opened;
    await popup.getByRole("button", { name: /Ada Lovelace/ }).click();
    await page.getByTestId("status").filter({ hasText: /^CONNECTED$/ }).waitFor();
    const address = await page.getByTestId("user-address").textContent();
    await page.reload();
    await page.getByTestId("status").filter({ hasText: /^CONNECTED$/ }).waitFor();
    expect(await page.getByTestId("user-address").textContent()).toBe(address);
    expect(watch.errors).toEqual([]);
    await page.close();
  });
});
