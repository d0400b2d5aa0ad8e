// Split custody's recovery screens in Chromium: the setup (passkey or code), the recovery screen,
// 'Use my passkey' with no passkey of this site, and the second factor's hold on the shares.
//
// Why passkey (PRF) recovery is tested in the same browser context with its storage cleared, and not
// in a second context (checked on Chromium 156 with CDP's virtual authenticator, hasPrf): the PRF
// output comes from a per-credential secret (CTAP2 hmac-secret's CredRandom) that CDP does not let
// one copy. WebAuthn.getCredentials exports credentialId, rpId, userHandle, signCount, the private
// key (PKCS#8), userName / userDisplayName and the backup flags, no hmac secret; a credential added
// with WebAuthn.addCredential — into a second context's authenticator with hasPrf, or even removed
// and added back into the authenticator that made it — signs assertions but answers the PRF
// extension with no results at all (`prf: {}`), where the original answered the same 32 bytes on
// every assertion. So no second context can hold a passkey that unlocks a box locked in the first;
// the code recovery is tested in a second context instead.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { recoverMessageAddress, type Hex } from "viem";
import { startServer, type RunningServer } from "../../server/index";
import { CUSTODY_TEXT } from "../../core/signer/custody-texts";
import { launchChromium, watchPage } from "./support/chromium";
import { startPageServer, type PageServer } from "./support/page-server";
import { enterEmailCode, uniqueEmail } from "./support/sign-in";
import { addVirtualAuthenticator } from "./support/webauthn";
import { URI, type TOTP } from "otpauth";
import { mnemonicToAccount } from "viem/accounts";
import { SECOND_FACTOR_SESSION_TEXT } from "../../wire/constants";

let browser: Browser;
let emulator: RunningServer;
let pages: PageServer;
const figures: Record<string, unknown> = {};

beforeAll(async () => {
  [emulator, browser, pages] = await Promise.all([startServer({ memory: true, port: 0, checkAnswers: true, custody: "split" }), launchChromium(), startPageServer(["custody-recovery"])]);
});
afterAll(async () => {
  await browser?.close();
  await pages?.close();
  await emulator?.stop();
  console.log("split custody recovery e2e figures", JSON.stringify(figures));
});

async function open(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${pages.url}/custody-recovery?${new URLSearchParams({ emulator: emulator.url })}`);
  await page.getByTestId("status").filter({ hasText: /^DISCONNECTED$/ }).waitFor();
  return page;
}

const text = async (page: Page, id: string) => (await page.getByTestId(id).textContent()) ?? "";
const dialog = (page: Page) => page.getByRole("dialog");

/** Email sign-in; the custody screens open after it completes. */
async function signIn(page: Page, email: string): Promise<void> {
  await enterEmailCode(page, emulator.url, email, { since: Date.now() - 1000 });
  await page.getByTestId("status").filter({ hasText: /^CONNECTED$/ }).waitFor();
}

async function press(page: Page, name: string): Promise<string> {
  await page.getByRole("button", { name, exact: true }).click();
  await page.getByTestId("outcome").filter({ hasNotText: /^pending$/ }).waitFor({ timeout: 60_000 });
  return text(page, "outcome");
}

const TOTP_STEP_MS = 30_000;
const stepNow = () => Math.floor(Date.now() / TOTP_STEP_MS);

async function signMessage(page: Page): Promise<Hex> {
  await page.getByRole("button", { name: "Sign message", exact: true }).click();
  await page.getByTestId("outcome").filter({ hasNotText: /^pending$/ }).waitFor({ timeout: 60_000 });
  expect(await text(page, "outcome")).toBe("ok");
  return recoverMessageAddress({ message: "signed after recovery", signature: (await text(page, "signature")) as Hex });
}

describe("split custody's recovery screens in Chromium", () => {
  it("asks for a recovery means before the wallet is split; the passkey's PRF locks it and, with the browser's storage cleared, unlocks it again", { timeout: 180_000 }, async () => {
    const context = await browser.newContext();
    const page = await open(context);
    const watch = watchPage(page);
    const authenticator = await addVirtualAuthenticator(page, { hasPrf: true });
    const email = uniqueEmail("prf");
    await signIn(page, email);

    // The setup screen: both means, and what losing them all costs.
    await dialog(page).getByRole("heading", { name: CUSTODY_TEXT.setupTitle }).waitFor();
    await expect(dialog(page).getByText(CUSTODY_TEXT.lossAll).isVisible()).resolves.toBe(true);
    expect(await text(page, "custody")).toBe("pending");

    // The user adds a passkey (registered with the server) while the screen waits, then chooses it for recovery.
    expect(await page.evaluate(() => (window as unknown as { addPasskey(): Promise<string> }).addPasskey())).toBe("ok");
    expect(await text(page, "custody")).toBe("pending");
    await dialog(page).getByRole("button", { name: CUSTODY_TEXT.usePasskey }).click();
    await dialog(page).waitFor({ state: "detached", timeout: 60_000 });
    await page.getByTestId("custody").filter({ hasText: /^split$/ }).waitFor();
    expect(await text(page, "recovery-kind")).toBe("passkey");
    expect(await text(page, "device-share")).toBe("true");
    const address = (await text(page, "address")) as Hex;
    expect(await signMessage(page)).toBe(address);

    // The sign-in time the auth share adds (custody-state, shares sealed to the frame, opened there).
    figures.shareFetchMs = await page.evaluate(() => (window as unknown as { measureShareFetch(n: number): Promise<unknown> }).measureShareFetch(20));

    // Cleared storage (the app's and the frame's: session and device share gone), the passkey kept.
    const frame = page.frames().find((f) => f.url().startsWith(`${emulator.url}/frames/auth`));
    await frame!.evaluate(() => localStorage.clear());
    await page.evaluate(() => localStorage.clear());
    await context.clearCookies();
    await page.reload();
    await page.getByTestId("status").filter({ hasText: /^DISCONNECTED$/ }).waitFor();
    const started = Date.now();
    await signIn(page, email);
    figures.signInToRecoverScreenMs = Date.now() - started;

    // The recovery screen opens by itself: this device holds no share; the passkey unlocks the recovery share.
    await dialog(page).getByRole("heading", { name: CUSTODY_TEXT.recoverTitle }).waitFor();
    await expect(dialog(page).getByText(CUSTODY_TEXT.recoverPasskeyBody).isVisible()).resolves.toBe(true);
    expect(await text(page, "device-share")).toBe("false");
    await dialog(page).getByRole("button", { name: CUSTODY_TEXT.usePasskey }).click();
    await dialog(page).waitFor({ state: "detached", timeout: 60_000 });
    await page.getByTestId("device-share").filter({ hasText: /^true$/ }).waitFor();
    expect(await text(page, "address")).toBe(address);
    expect(await signMessage(page)).toBe(address);
    // One passkey did all of it (sign-in stamps aside, the PRF ceremonies ran in the frame on this authenticator).
    expect((await authenticator.credentials()).length).toBe(1);

    expect(watch.offLoopback).toEqual([]);
    await context.close();
  });

  it("'Use my passkey' with no passkey of this site on the device says so at once, on the setup screen and on the recovery screen", { timeout: 180_000 }, async () => {
    // Setup: the device's authenticator holds no passkey of this site.
    const first = await browser.newContext();
    const page = await open(first);
    await addVirtualAuthenticator(page, { hasPrf: true });
    const email = uniqueEmail("no-passkey");
    await signIn(page, email);
    await dialog(page).getByRole("button", { name: CUSTODY_TEXT.usePasskey }).click();
    // Well before the ceremony's timeout (60 s): the browser answered that no passkey was there.
    await dialog(page).getByRole("heading", { name: CUSTODY_TEXT.setupFailedTitle }).waitFor({ timeout: 20_000 });
    await dialog(page).getByText(CUSTODY_TEXT.setupNoPasskey).waitFor();
    expect(await text(page, "custody")).toBe("pending");
    // The other means still works: a code.
    await dialog(page).getByRole("button", { name: "Try again" }).click();
    await dialog(page).getByRole("button", { name: CUSTODY_TEXT.usePasskey }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { addPasskey(): Promise<string> }).addPasskey())).toBe("ok");
    await dialog(page).getByRole("button", { name: CUSTODY_TEXT.usePasskey }).click();
    await dialog(page).waitFor({ state: "detached", timeout: 60_000 });
    await page.getByTestId("custody").filter({ hasText: /^split$/ }).waitFor();
    expect(await text(page, "recovery-kind")).toBe("passkey");

    // Another browser whose authenticator lacks that passkey: the recovery screen says so at once.
    const second = await browser.newContext();
    const other = await open(second);
    await addVirtualAuthenticator(other, { hasPrf: true });
    await signIn(other, email);
    await dialog(other).getByRole("heading", { name: CUSTODY_TEXT.recoverTitle }).waitFor();
    await dialog(other).getByRole("button", { name: CUSTODY_TEXT.usePasskey }).click();
    await dialog(other).getByRole("heading", { name: CUSTODY_TEXT.recoverFailedTitle }).waitFor({ timeout: 20_000 });
    await dialog(other).getByText(CUSTODY_TEXT.recoverNoPasskey).waitFor();
    expect(await text(other, "device-share")).toBe("false");
    await first.close();
    await second.close();
  });

  it("a recovery code chosen in the dialog is shown once; a second browser context recovers with it (a wrong code is refused)", { timeout: 180_000 }, async () => {
    const first = await browser.newContext();
    const page = await open(first);
    const email = uniqueEmail("code");
    await signIn(page, email);
    await dialog(page).getByRole("heading", { name: CUSTODY_TEXT.setupTitle }).waitFor();
    await dialog(page).getByRole("button", { name: CUSTODY_TEXT.useCode }).click();
    await dialog(page).getByRole("heading", { name: CUSTODY_TEXT.saveCodeTitle }).waitFor({ timeout: 60_000 });
    const code = (await dialog(page).locator("output").textContent()) ?? "";
    expect(code).toMatch(/^[A-Z2-7]{4}(-[A-Z2-7]{4}){4}$/);
    await expect(dialog(page).getByText(CUSTODY_TEXT.lossAll).isVisible()).resolves.toBe(true);
    await dialog(page).getByRole("button", { name: CUSTODY_TEXT.codeSaved }).click();
    await dialog(page).waitFor({ state: "detached" });
    await page.getByTestId("custody").filter({ hasText: /^split$/ }).waitFor();
    expect(await text(page, "recovery-kind")).toBe("code");
    const address = (await text(page, "address")) as Hex;
    expect(await signMessage(page)).toBe(address);

    const second = await browser.newContext();
    const other = await open(second);
    await signIn(other, email);
    await dialog(other).getByRole("heading", { name: CUSTODY_TEXT.recoverTitle }).waitFor();
    await expect(dialog(other).getByText(CUSTODY_TEXT.recoverCodeBody).isVisible()).resolves.toBe(true);
    await dialog(other).getByRole("textbox", { name: CUSTODY_TEXT.codeLabel }).fill("AAAA-AAAA-AAAA-AAAA-AAAA");
    await dialog(other).getByRole("button", { name: CUSTODY_TEXT.recoverAction }).click();
    await dialog(other).getByRole("heading", { name: CUSTODY_TEXT.recoverFailedTitle }).waitFor({ timeout: 60_000 });
    await expect(dialog(other).getByText(CUSTODY_TEXT.wrongCode).isVisible()).resolves.toBe(true);
    await dialog(other).getByRole("button", { name: "Try again" }).click();
    await dialog(other).getByRole("textbox", { name: CUSTODY_TEXT.codeLabel }).fill(code.toLowerCase());
    await dialog(other).getByRole("button", { name: CUSTODY_TEXT.recoverAction }).click();
    await dialog(other).waitFor({ state: "detached", timeout: 60_000 });
    await other.getByTestId("device-share").filter({ hasText: /^true$/ }).waitFor();
    expect(await signMessage(other)).toBe(address);

    await first.close();
    await second.close();
  });

  it("with an authenticator app enrolled, a session that did not pass it gets no share (signing and export fail); a sign-in with the app's code signs and exports", { timeout: 180_000 }, async () => {
    const context = await browser.newContext();
    const page = await open(context);
    const email = uniqueEmail("mfa");
    await signIn(page, email);
    await dialog(page).getByRole("button", { name: CUSTODY_TEXT.useCode }).click();
    await dialog(page).getByRole("button", { name: CUSTODY_TEXT.codeSaved }).click({ timeout: 60_000 });
    await dialog(page).waitFor({ state: "detached" });
    const address = (await text(page, "address")) as Hex;
    expect(await signMessage(page)).toBe(address);

    // The user enrols an authenticator app in this session (opened without it).
    const added = await page.evaluate(() => (window as unknown as { addTotp(): Promise<{ multiFactorId: string; multiFactorTotpUrl: string }> }).addTotp());
    const totp = URI.parse(added.multiFactorTotpUrl) as TOTP;
    const enrolment = totp.generate();
    const verified = await page.evaluate(
      ([id, code]) => (window as unknown as { verifyTotp(id: string, code: string): Promise<string> }).verifyTotp(id!, code!),
      [added.multiFactorId, enrolment],
    );
    expect(verified).toBe("ok");

    // Export releases the auth share too: this session (its sign-in did not pass the factor) is refused
    // before any step-up is asked, and told to sign in again; the export frame shows nothing.
    expect(await press(page, "Export")).toBe(`error: PermissionDeniedError: ${SECOND_FACTOR_SESSION_TEXT}`);
    expect(await dialog(page).count()).toBe(0);
    expect(await page.frameLocator("#turnkey-export-iframe").locator("#export-secret").isHidden()).toBe(true);

    // The same session after a reload asks for the shares again: refused, so no signature.
    await page.reload();
    await page.getByTestId("status").filter({ hasText: /^CONNECTED$/ }).waitFor();
    await page.getByRole("button", { name: "Sign message", exact: true }).click();
    await page.getByTestId("outcome").filter({ hasNotText: /^pending$/ }).waitFor({ timeout: 60_000 });
    expect(await text(page, "outcome")).toMatch(/^error: MfaRequiredError/);

    // Signed in again with the email code and the app's code: the shares come, the wallet signs.
    await page.getByRole("button", { name: "Log out" }).click();
    await page.getByTestId("status").filter({ hasText: /^DISCONNECTED$/ }).waitFor();
    await enterEmailCode(page, emulator.url, email, { since: Date.now() - 1000 });
    await page.getByRole("heading", { name: "Enter authenticator app code" }).waitFor();
    // The enrolment code's time step is spent: a code of the next step (within the accepted window).
    const signInStep = totp.generate() === enrolment ? stepNow() + 1 : stepNow();
    await page.getByRole("textbox", { name: "Digit 1 of 6" }).click();
    await page.keyboard.type(totp.generate({ timestamp: signInStep * TOTP_STEP_MS }));
    await page.getByTestId("status").filter({ hasText: /^CONNECTED$/ }).waitFor();
    await page.getByTestId("device-share").filter({ hasText: /^true$/ }).waitFor();
    expect(await signMessage(page)).toBe(address);

    // This session passed the factor, minutes ago at most: its sign-in is the export's fresh proof (no step-up), and the phrase shows in the export frame.
    expect(await press(page, "Export")).toBe("ok");
    expect(await dialog(page).count()).toBe(0);
    const phrase = (await page.frameLocator("#turnkey-export-iframe").locator("#export-secret").textContent())!.trim();
    expect(mnemonicToAccount(phrase).address).toBe(address);
    await context.close();
  });

  it("two devices of a new account both signed in before either made the wallet: the first to choose makes it; the other gets the recovery screen, recovers with the first one's code and signs as that wallet", { timeout: 180_000 }, async () => {
    const email = uniqueEmail("race");
    const firstContext = await browser.newContext();
    const secondContext = await browser.newContext();
    const first = await open(firstContext);
    const second = await open(secondContext);
    for (const page of [first, second]) {
      await signIn(page, email);
      await dialog(page).getByRole("heading", { name: CUSTODY_TEXT.setupTitle }).waitFor();
      expect(await text(page, "custody")).toBe("pending");
    }

    // The second device chooses first: its frame makes the wallet and uploads it.
    await dialog(second).getByRole("button", { name: CUSTODY_TEXT.useCode }).click();
    await dialog(second).getByRole("heading", { name: CUSTODY_TEXT.saveCodeTitle }).waitFor({ timeout: 60_000 });
    const code = (await dialog(second).locator("output").textContent()) ?? "";
    await dialog(second).getByRole("button", { name: CUSTODY_TEXT.codeSaved }).click();
    await dialog(second).waitFor({ state: "detached" });
    await second.getByTestId("custody").filter({ hasText: /^split$/ }).waitFor();
    const address = (await text(second, "address")) as Hex;
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(await signMessage(second)).toBe(address);

    // The first device, still on its setup screen, chooses too: the wallet exists (the custody state says
    // split, or the upload answers WALLET_EXISTS), so it makes nothing, shows no code, and asks to recover.
    await dialog(first).getByRole("button", { name: CUSTODY_TEXT.useCode }).click();
    await dialog(first).getByRole("heading", { name: CUSTODY_TEXT.recoverTitle }).waitFor({ timeout: 60_000 });
    expect([await text(first, "custody"), await text(first, "device-share"), await text(first, "address")]).toEqual(["split", "false", address]);
    await dialog(first).getByRole("textbox", { name: CUSTODY_TEXT.codeLabel }).fill(code);
    await dialog(first).getByRole("button", { name: CUSTODY_TEXT.recoverAction }).click();
    await dialog(first).waitFor({ state: "detached", timeout: 60_000 });
    await first.getByTestId("device-share").filter({ hasText: /^true$/ }).waitFor();
    expect(await signMessage(first)).toBe(address);

    await firstContext.close();
    await secondContext.close();
  });
});
