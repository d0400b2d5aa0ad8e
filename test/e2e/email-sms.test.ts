import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { verifyMessage, verifyTypedData } from "viem";
import { URI, type TOTP } from "otpauth";
import { startServer } from "../../server/index";
import { launchChromium, watchPage } from "./support/chromium";
import { startPlayground, type PlaygroundServer } from "./support/playground";
import { waitForMessage } from "./support/inbox";
import { enterSmsCode, uniqueEmail, uniqueNationalNumber } from "./support/sign-in";

let browser: Browser;
let emulator: Awaited<ReturnType<typeof startServer>>;
let playground: PlaygroundServer;

beforeAll(async () => {
  emulator = await startServer({ memory: true, port: 0, seed: "e2e-email", checkAnswers: true });
  [browser, playground] = await Promise.all([launchChromium(), startPlayground(emulator.url)]);
});
afterAll(async () => {
  await browser?.close();
  await playground?.close();
  await emulator?.stop();
});


async function open(query = ""): Promise<{ page: Page; watch: ReturnType<typeof watchPage> }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const watch = watchPage(page);
  await page.goto(`${playground.url}/${query}`);
  await page.getByTestId("status").filter({ hasText: /CONNECTED|DISCONNECTED/ }).waitFor({ timeout: 30_000 });
  return { page, watch };
}

async function typeCode(page: Page, code: string) {
  await page.getByRole("textbox", { name: "Digit 1 of 6" }).click();
  await page.keyboard.type(code);
}

async function startEmail(page: Page, email: string) {
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  // The email section comes first; the SMS section has its own Continue.
  await page.getByRole("button", { name: "Continue" }).first().click();
}

async function signInWithCode(page: Page, email: string) {
  const since = Date.now() - 1000;
  await startEmail(page, email);
  await page.getByRole("group", { name: "One-time code" }).waitFor();
  const message = await waitForMessage(emulator.url, email, since);
  await typeCode(page, message.code!);
  await page.getByTestId("status").filter({ hasText: /^CONNECTED$/ }).waitFor();
  // The page behind the modal dialog is inert until it closes (a second after success).
  await page.getByRole("dialog").waitFor({ state: "detached" });
}

const events = (page: Page) => page.getByTestId("events").textContent();

describe("email code, magic link and SMS against the emulator", () => {
  it("signs a new email up by code, then signs the same email in (auth, not signup), with the same wallet", async () => {
    const { page, watch } = await open("?emailMode=otp");
    const email = uniqueEmail("ada");
    await signInWithCode(page, email);
    await page.getByRole("dialog").waitFor({ state: "detached" });
    expect(await page.getByTestId("user-email").textContent()).toBe(email);
    const address = await page.getByTestId("user-address").textContent();
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(await events(page)).toContain("newUserSignup");
    expect(await events(page)).toContain("onAuthSuccess");

    await page.getByRole("button", { name: "Log out" }).click();
    await page.getByTestId("status").filter({ hasText: /^DISCONNECTED$/ }).waitFor();
    await page.reload();
    await page.getByTestId("status").filter({ hasText: /^DISCONNECTED$/ }).waitFor();
    await signInWithCode(page, email);
    expect(await page.getByTestId("user-address").textContent()).toBe(address);
    expect(await events(page)).not.toContain("newUserSignup");
    expect(watch.errors).toEqual([]);
    expect(watch.offLoopback).toEqual([]);
    await page.close();
  });

  it("signs a message and typed data that verify against the user's address", async () => {
    const { page } = await open("?emailMode=otp");
    await signInWithCode(page, uniqueEmail("sig"));
    const address = (await page.getByTestId("user-address").textContent()) as `0x${string}`;
    await page.getByRole("textbox", { name: "Message" }).fill("hello latch");
    await page.getByRole("button", { name: "Sign message" }).click();
    const signature = (await page.getByTestId("signature").textContent()) as `0x${string}`;
    expect(await verifyMessage({ address, message: "hello latch", signature })).toBe(true);
    expect(await verifyMessage({ address, message: "something else", signature })).toBe(false);
    await page.getByRole("button", { name: "Sign typed data" }).click();
    const typed = (await page.getByTestId("typed-signature").textContent()) as `0x${string}`;
    expect(
      await verifyTypedData({
        address,
        signature: typed,
        domain: { name: "Latch playground", version: "1", chainId: 1 },
        types: { Greeting: [{ name: "text", type: "string" }] },
        primaryType: "Greeting",
        message: { text: "Hello from Latch" },
      }),
    ).toBe(true);
    await page.close();
  });

  it("shows the spec's text for a wrong code, resets the boxes, and accepts the right one after", async () => {
    const { page } = await open("?emailMode=otp");
    const email = uniqueEmail("wrong");
    const since = Date.now() - 1000;
    await startEmail(page, email);
    const message = await waitForMessage(emulator.url, email, since);
    const wrong = message.code === "000000" ? "111111" : "000000";
    await typeCode(page, wrong);
    await page.getByText("Connection failed: The code could not be verified. The code you entered is incorrect.").waitFor();
    expect(await page.getByRole("textbox", { name: "Digit 1 of 6" }).inputValue()).toBe("");
    await typeCode(page, message.code!);
    await page.getByTestId("status").filter({ hasText: /^CONNECTED$/ }).waitFor();
    await page.close();
  });

  it("keeps the session across a reload, and logout clears it and the storage", async () => {
    const { page } = await open("?emailMode=otp");
    const email = uniqueEmail("reload");
    await signInWithCode(page, email);
    await page.reload();
    await page.getByTestId("status").filter({ hasText: /^CONNECTED$/ }).waitFor();
    expect(await page.getByTestId("user-email").textContent()).toBe(email);
    await page.getByRole("button", { name: "Log out" }).click();
    await page.getByTestId("status").filter({ hasText: /^DISCONNECTED$/ }).waitFor();
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("latch-signer-session")))).toEqual([]);
    await page.reload();
    await page.getByTestId("status").filter({ hasText: /^DISCONNECTED$/ }).waitFor();
    await page.close();
  });

  it("ends a session after a short expirationTimeMs", async () => {
    const { page } = await open("?emailMode=otp&sessionMs=4000");
    await signInWithCode(page, uniqueEmail("short"));
    await page.getByTestId("status").filter({ hasText: /^DISCONNECTED$/ }).waitFor({ timeout: 8000 });
    expect(await page.evaluate(() => localStorage.getItem("latch-signer-session"))).toBeNull();
    await page.close();
  });

  it("signs in with a magic link opened in the same browser", async () => {
    const { page, watch } = await open("?emailMode=magicLink");
    const email = uniqueEmail("link");
    const since = Date.now() - 1000;
    await startEmail(page, email);
    await page.getByRole("heading", { name: "check your email" }).waitFor();
    const message = await waitForMessage(emulator.url, email, since);
    expect(message.link).toContain("bundle=");
    await page.goto(message.link!);
    await page.getByTestId("status").filter({ hasText: /^CONNECTED$/ }).waitFor();
    expect(await page.getByTestId("user-email").textContent()).toBe(email);
    expect(page.url()).not.toContain("bundle=");
    expect(page.url()).not.toContain("orgId=");
    expect(await events(page)).toContain("newUserSignup");
    expect(watch.errors).toEqual([]);
    await page.close();
  });

  it("a magic link opened in another tab signs that tab in, and the tab that asked leaves 'check your email' and completes too", async () => {
    // Two tabs of one browser profile: one context, two pages.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const asking = await context.newPage();
    const watch = watchPage(asking);
    await asking.goto(`${playground.url}/?emailMode=magicLink`);
    await asking.getByTestId("status").filter({ hasText: /^DISCONNECTED$/ }).waitFor({ timeout: 30_000 });
    const email = uniqueEmail("link-tabs");
    const since = Date.now() - 1000;
    await startEmail(asking, email);
    await asking.getByRole("heading", { name: "check your email" }).waitFor();
    const message = await waitForMessage(emulator.url, email, since);
    const linkTab = await context.newPage();
    await linkTab.goto(message.link!);
    await linkTab.getByTestId("status").filter({ hasText: /^CONNECTED$/ }).waitFor();
    // The tab that asked follows: connected as the same user, its dialog closed.
    await asking.getByTestId("status").filter({ hasText: /^CONNECTED$/ }).waitFor({ timeout: 5000 });
    await asking.getByRole("dialog").waitFor({ state: "detached" });
    expect(await asking.getByTestId("user-email").textContent()).toBe(email);
    expect(await asking.getByTestId("user-address").textContent()).toBe(await linkTab.getByTestId("user-address").textContent());
    expect(watch.errors).toEqual([]);
    await context.close();
  });

  it("signs up by SMS code", async () => {
    const { page } = await open("?emailMode=otp");
    const national = uniqueNationalNumber();
    const message = await enterSmsCode(page, emulator.url, national);
    expect(message.channel).toBe("sms");
    await page.getByTestId("status").filter({ hasText: /^CONNECTED$/ }).waitFor();
    expect(await page.getByTestId("user-phone").textContent()).toBe(`+1${national}`);
    await page.close();
  });

  it("asks a user with TOTP enrolled for the authenticator code, with the spec's texts", async () => {
    const { page } = await open("?emailMode=otp");
    const email = uniqueEmail("totp");
    await signInWithCode(page, email);
    // Enrol a factor through the signer routes, computing codes from the otpauth URL.
    const factor = await page.evaluate(async () => {
      const mfa = (window as unknown as { __latchMfa: { addMfa: typeof import("latch-kit/plugins/mfa").addMfa extends (k: never, p: infer P) => infer R ? (p: P) => R : never } }).__latchMfa;
      return mfa.addMfa({ multiFactorType: "totp" });
    });
    expect(factor.multiFactorTotpUrl).toMatch(/^otpauth:\/\/totp\//);
    const totp = URI.parse(factor.multiFactorTotpUrl) as TOTP;
    const factorId = factor.multiFactorId;
    const code = totp.generate();
    await page.evaluate(
      async ([id, c]) => {
        const mfa = (window as unknown as { __latchMfa: { verifyMfa: (p: { multiFactorId: string; multiFactorCode: string }) => Promise<unknown> } }).__latchMfa;
        await mfa.verifyMfa({ multiFactorId: id!, multiFactorCode: c! });
      },
      [factorId, code],
    );
    await page.getByRole("button", { name: "Log out" }).click();
    await page.getByTestId("status").filter({ hasText: /^DISCONNECTED$/ }).waitFor();

    const since = Date.now() - 1000;
    await startEmail(page, email);
    const message = await waitForMessage(emulator.url, email, since);
    await typeCode(page, message.code!);
    await page.getByRole("heading", { name: "Enter authenticator app code" }).waitFor();
    await typeCode(page, totp.generate() === "000000" ? "111111" : "000000");
    await page.getByText("The code you entered is incorrect").waitFor();
    // The focus is back in the first box: typing the next code needs no click.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Digit 1 of 6");
    // A code of the next time step: the enrolment code's step is spent.
    const next = totp.generate({ timestamp: Date.now() + 30_000 });
    const current = totp.generate();
    await typeCode(page, current === code ? next : current);
    await page.getByTestId("status").filter({ hasText: /^CONNECTED$/ }).waitFor();
    expect(await page.getByTestId("user-email").textContent()).toBe(email);
    await page.close();
  });
});
