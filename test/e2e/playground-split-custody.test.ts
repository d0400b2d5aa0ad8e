// Split custody as a person meets it in the playground (`npm start -- --custody=split`): the
// split-custody plugin is installed by default, so a new wallet asks for its recovery means (a
// passkey or a code) before it is split, the account panel says which custody the wallet is in, and
// a device without its share gets the recovery screen. Real emulator in split custody, real
// playground, Chromium.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { verifyMessage, type Hex } from "viem";
import { startServer, type RunningServer } from "../../server/index";
import { CUSTODY_TEXT } from "../../core/signer/custody-texts";
import { launchChromium, watchPage } from "./support/chromium";
import { startPlayground, type PlaygroundServer } from "./support/playground";
import { enterEmailCode, uniqueEmail } from "./support/sign-in";
import { addVirtualAuthenticator } from "./support/webauthn";

let browser: Browser;
let emulator: RunningServer;
let playground: PlaygroundServer;

beforeAll(async () => {
  emulator = await startServer({ memory: true, port: 0, custody: "split" });
  [browser, playground] = await Promise.all([launchChromium(), startPlayground(emulator.url)]);
});
afterAll(async () => {
  await browser?.close();
  await playground?.close();
  await emulator?.stop();
});

async function open(context: BrowserContext, query = ""): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${playground.url}/${query}`);
  await page.getByTestId("status").filter({ hasText: /^(CONNECTED|DISCONNECTED)$/ }).waitFor({ timeout: 30_000 });
  return page;
}

const dialog = (page: Page) => page.getByRole("dialog");
const text = async (page: Page, id: string) => (await page.getByTestId(id).textContent()) ?? "";

async function signIn(page: Page, email: string): Promise<void> {
  await enterEmailCode(page, emulator.url, email, { since: Date.now() - 1000 });
  await page.getByTestId("status").filter({ hasText: /^CONNECTED$/ }).waitFor();
}

/** Signs the account panel's message; the signature is checked against the shown address with viem. */
async function signsAs(page: Page, address: string): Promise<void> {
  const before = (await page.getByTestId("signature").count()) ? await text(page, "signature") : "";
  await page.getByRole("button", { name: "Sign message", exact: true }).click();
  await page.getByTestId("signature").filter({ hasNotText: before || /^$/ }).waitFor({ timeout: 60_000 });
  const signature = (await text(page, "signature")) as Hex;
  expect(await verifyMessage({ address: address as Hex, message: "Hello from Latch", signature })).toBe(true);
}

/** The account panel's custody rows, once the wallet is split and this device holds its share. */
async function expectSplitHere(page: Page, recovery: string): Promise<void> {
  await page.getByTestId("user-custody").filter({ hasText: CUSTODY_TEXT.modeSplit }).waitFor({ timeout: 30_000 });
  await page.getByTestId("custody-device").filter({ hasText: "Holds its share" }).waitFor({ timeout: 30_000 });
  expect(await text(page, "custody-recovery")).toBe(recovery);
}

describe("the playground offers split custody with its screens", () => {
  it("a recovery code: the setup screen before the split, the code shown once, the mode in the account panel; another browser recovers with the code", { timeout: 180_000 }, async () => {
    const first = await browser.newContext();
    const page = await open(first);
    const watch = watchPage(page);
    // The default configuration installs the plugin, and its code says so.
    expect(await page.getByRole("checkbox", { name: /split-custody plugin/ }).isChecked()).toBe(true);
    expect(await text(page, "snippet")).toContain(`import { splitCustody } from "latch-kit/plugins/split-custody";`);

    const email = uniqueEmail("pg-split");
    await signIn(page, email);
    await dialog(page).getByRole("heading", { name: CUSTODY_TEXT.setupTitle }).waitFor({ timeout: 30_000 });
    await dialog(page).getByText(CUSTODY_TEXT.lossAll).waitFor();
    await dialog(page).getByRole("button", { name: CUSTODY_TEXT.usePasskey }).waitFor();
    // Not split before the user chose: the panel says so.
    expect(await text(page, "user-custody")).toBe(CUSTODY_TEXT.modePending);
    await dialog(page).getByRole("button", { name: CUSTODY_TEXT.useCode }).click();
    await dialog(page).getByRole("heading", { name: CUSTODY_TEXT.saveCodeTitle }).waitFor({ timeout: 60_000 });
    const code = (await dialog(page).locator("output").textContent()) ?? "";
    expect(code).toMatch(/^[A-Z2-7]{4}(-[A-Z2-7]{4}){4}$/);
    await dialog(page).getByRole("button", { name: CUSTODY_TEXT.codeSaved }).click();
    await dialog(page).waitFor({ state: "detached" });
    await expectSplitHere(page, "A recovery code");
    const address = await text(page, "user-address");
    await signsAs(page, address);

    // Another browser: no share here, so the recovery screen opens after the sign-in; the code recovers.
    const second = await browser.newContext();
    const other = await open(second);
    await signIn(other, email);
    await dialog(other).getByRole("heading", { name: CUSTODY_TEXT.recoverTitle }).waitFor({ timeout: 30_000 });
    await dialog(other).getByText(CUSTODY_TEXT.recoverCodeBody).waitFor();
    expect(await text(other, "custody-device")).toBe(CUSTODY_TEXT.noDeviceShare);
    await dialog(other).getByRole("textbox", { name: CUSTODY_TEXT.codeLabel }).fill(code);
    await dialog(other).getByRole("button", { name: CUSTODY_TEXT.recoverAction }).click();
    await dialog(other).waitFor({ state: "detached", timeout: 60_000 });
    await expectSplitHere(other, "A recovery code");
    expect(await text(other, "user-address")).toBe(address);
    await signsAs(other, address);

    expect(watch.errors).toEqual([]);
    expect(watch.offLoopback).toEqual([]);
    await first.close();
    await second.close();
  });

  it("a passkey: added at sign-up, chosen for recovery, and it recovers the wallet once the browser's storage is cleared", { timeout: 180_000 }, async () => {
    const context = await browser.newContext();
    const page = await open(context, "?sections=email,passkey&emailMode=otp&addPasskeyOnSignup=1");
    const watch = watchPage(page);
    const authenticator = await addVirtualAuthenticator(page, { hasPrf: true });
    const email = uniqueEmail("pg-split-passkey");
    await signIn(page, email);
    await dialog(page).getByRole("heading", { name: "Add a passkey" }).waitFor();
    await dialog(page).getByRole("button", { name: "Continue" }).click();
    await dialog(page).getByRole("heading", { name: "Passkey added!" }).waitFor();
    // Once the sign-in's screens are done, the custody setup: the passkey locks the recovery share.
    await dialog(page).getByRole("heading", { name: CUSTODY_TEXT.setupTitle }).waitFor({ timeout: 30_000 });
    await dialog(page).getByRole("button", { name: CUSTODY_TEXT.usePasskey }).click();
    await dialog(page).waitFor({ state: "detached", timeout: 60_000 });
    await expectSplitHere(page, "Your passkey (WebAuthn PRF, in the signer frame)");
    const address = await text(page, "user-address");
    await signsAs(page, address);

    // Cleared storage (the app's and the frames': session and device share gone), the passkey kept.
    const frame = page.frames().find((f) => f.url().startsWith(`${emulator.url}/frames/auth`));
    await frame!.evaluate(() => localStorage.clear());
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await page.getByTestId("status").filter({ hasText: /^DISCONNECTED$/ }).waitFor({ timeout: 30_000 });
    await signIn(page, email);
    await dialog(page).getByRole("heading", { name: CUSTODY_TEXT.recoverTitle }).waitFor({ timeout: 30_000 });
    await dialog(page).getByText(CUSTODY_TEXT.recoverPasskeyBody).waitFor();
    await dialog(page).getByRole("button", { name: CUSTODY_TEXT.usePasskey }).click();
    await dialog(page).waitFor({ state: "detached", timeout: 60_000 });
    await expectSplitHere(page, "Your passkey (WebAuthn PRF, in the signer frame)");
    expect(await text(page, "user-address")).toBe(address);
    await signsAs(page, address);
    expect((await authenticator.credentials()).length).toBe(1);

    expect(watch.errors).toEqual([]);
    expect(watch.offLoopback).toEqual([]);
    await context.close();
  });
});
