// Two devices of a new account on a split server, both signed in before either made the wallet: the
// first upload makes it; the other device is told (the server's WALLET_EXISTS), keeps nothing of the
// wallet it made, and gets the recovery screen, from which the first device's code brings it in.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { recoverMessageAddress, type Hex } from "viem";
import { startServer, type RunningServer } from "../../server/index";
import { CUSTODY_TEXT } from "../../core/signer/custody-texts";
import { launchChromium } from "./support/chromium";
import { startPageServer, type PageServer } from "./support/page-server";
import { enterEmailCode, uniqueEmail } from "./support/sign-in";

let browser: Browser;
let emulator: RunningServer;
let pages: PageServer;

beforeAll(async () => {
  [emulator, browser, pages] = await Promise.all([startServer({ memory: true, port: 0, checkAnswers: true, custody: "split" }), launchChromium(), startPageServer(["custody-recovery"])]);
});
afterAll(async () => {
  await browser?.close();
  await pages?.close();
  await emulator?.stop();
});

async function open(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${pages.url}/custody-recovery?${new URLSearchParams({ emulator: emulator.url })}`);
  await page.getByTestId("status").filter({ hasText: /^DISCONNECTED$/ }).waitFor();
  return page;
}

const text = async (page: Page, id: string) => (await page.getByTestId(id).textContent()) ?? "";
const dialog = (page: Page) => page.getByRole("dialog");

/** Signs in by email and waits for the recovery setup screen (the wallet is made once the user chose). */
async function signInToSetup(page: Page, email: string): Promise<void> {
  await enterEmailCode(page, emulator.url, email, { since: Date.now() - 1000 });
  await page.getByTestId("status").filter({ hasText: /^CONNECTED$/ }).waitFor();
  await dialog(page).getByRole("heading", { name: CUSTODY_TEXT.setupTitle }).waitFor();
  expect(await text(page, "custody")).toBe("pending");
}

async function signMessage(page: Page): Promise<Hex> {
  await page.getByRole("button", { name: "Sign message", exact: true }).click();
  await page.getByTestId("outcome").filter({ hasNotText: /^pending$/ }).waitFor({ timeout: 60_000 });
  expect(await text(page, "outcome")).toBe("ok");
  return recoverMessageAddress({ message: "signed after recovery", signature: (await text(page, "signature")) as Hex });
}

describe("split custody: two devices create a new account's wallet at once (Chromium)", () => {
  it("the first upload makes the wallet; the other device gets the recovery screen, recovers with the first one's code and signs as that wallet", { timeout: 180_000 }, async () => {
    const email = uniqueEmail("race");
    const firstContext = await browser.newContext();
    const secondContext = await browser.newContext();
    const first = await open(firstContext);
    const second = await open(secondContext);
    await signInToSetup(first, email);
    await signInToSetup(second, email);

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

    // The first device, still on its setup screen, chooses too: its upload is refused (the wallet exists),
    // no code of a wallet that never was is shown, and it is asked to recover the wallet that is.
    await dialog(first).getByRole("button", { name: CUSTODY_TEXT.useCode }).click();
    await dialog(first).getByRole("heading", { name: CUSTODY_TEXT.recoverTitle }).waitFor({ timeout: 60_000 });
    expect(await text(first, "custody")).toBe("split");
    expect(await text(first, "device-share")).toBe("false");
    expect(await text(first, "address")).toBe(address);
    await dialog(first).getByRole("textbox", { name: CUSTODY_TEXT.codeLabel }).fill(code);
    await dialog(first).getByRole("button", { name: CUSTODY_TEXT.recoverAction }).click();
    await dialog(first).waitFor({ state: "detached", timeout: 60_000 });
    await first.getByTestId("device-share").filter({ hasText: /^true$/ }).waitFor();
    expect(await signMessage(first)).toBe(address);

    await firstContext.close();
    await secondContext.close();
  });
});
