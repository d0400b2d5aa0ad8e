import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { startServer } from "../../server/index";
import { launchChromium, watchPage } from "./support/chromium";
import { startPlayground, type PlaygroundServer } from "./support/playground";
import { waitForMessage } from "./support/inbox";
import { uniqueEmail } from "./support/sign-in";

// Keyboard only: after a wrong code the focus is back in the first box (typing fills it, Escape
// closes the dialog), and every step change puts the focus inside the dialog.
let browser: Browser;
let emulator: Awaited<ReturnType<typeof startServer>>;
let playground: PlaygroundServer;

beforeAll(async () => {
  emulator = await startServer({ memory: true, port: 0, seed: "e2e-focus" });
  [browser, playground] = await Promise.all([launchChromium(), startPlayground(emulator.url)]);
});
afterAll(async () => {
  await browser?.close();
  await playground?.close();
  await emulator?.stop();
});

/** What has the focus: its accessible label, or its tag when it has none. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null;
    return el?.getAttribute("aria-label") ?? el?.labels?.[0]?.textContent ?? el?.tagName.toLowerCase() ?? "none";
  });
const insideDialog = (page: Page) => page.evaluate(() => !!document.activeElement?.closest("[role=dialog]"));

async function open(): Promise<{ page: Page; watch: ReturnType<typeof watchPage> }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const watch = watchPage(page);
  await page.goto(`${playground.url}/?emailMode=otp`);
  await page.getByTestId("status").filter({ hasText: /CONNECTED|DISCONNECTED/ }).waitFor({ timeout: 30_000 });
  return { page, watch };
}

describe("focus, keyboard only", () => {
  it("a wrong email code: focus back in the first box, typing fills it, Escape still closes the dialog", async () => {
    const { page, watch } = await open();
    const email = uniqueEmail("focus");
    const since = Date.now() - 1000;
    await page.getByRole("button", { name: "Sign in" }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("dialog").waitFor();
    expect(await insideDialog(page)).toBe(true);
    await page.getByRole("textbox", { name: "Email" }).focus();
    await page.keyboard.type(email);
    await page.keyboard.press("Enter");
    await page.getByRole("group", { name: "One-time code" }).waitFor();
    expect(await insideDialog(page)).toBe(true);
    const code = (await waitForMessage(emulator.url, email, since)).code!;
    await page.keyboard.type(code === "000000" ? "111111" : "000000");
    await page.getByText("Connection failed: The code could not be verified. The code you entered is incorrect.").waitFor();
    await expect.poll(() => focused(page)).toBe("Digit 1 of 6");
    await page.keyboard.type("1");
    expect(await page.getByRole("textbox", { name: "Digit 1 of 6" }).inputValue()).toBe("1");
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    // the wrong code's 400 is the only console error
    expect(watch.errors).toEqual(["console: Failed to load resource: the server responded with a status of 400 (Bad Request)"]);
    await page.close();
  });

  it("going back to the first screen puts the focus inside the dialog, and a sign-up calls onAuthSuccess once", async () => {
    const { page } = await open();
    const email = uniqueEmail("focus-back");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("textbox", { name: "Email" }).fill(email);
    await page.keyboard.press("Enter");
    await page.getByRole("group", { name: "One-time code" }).waitFor();
    await page.getByRole("button", { name: "Back" }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("textbox", { name: "Email" }).waitFor();
    expect(await insideDialog(page)).toBe(true);
    expect(await focused(page)).toBe("Email");

    // The address typed before is still there: Enter sends again.
    expect(await page.getByRole("textbox", { name: "Email" }).inputValue()).toBe(email);
    // The second send's code: the first one's is still in the inbox and no longer valid.
    const resent = Date.now();
    await page.keyboard.press("Enter");
    await page.getByRole("group", { name: "One-time code" }).waitFor();
    const codes = await waitForMessage(emulator.url, email, resent);
    await page.keyboard.type(codes.code!);
    await page.getByTestId("status").filter({ hasText: /^CONNECTED$/ }).waitFor();
    await page.getByRole("dialog").waitFor({ state: "detached" });
    const events = (await page.getByTestId("events").textContent()) ?? "";
    expect(events.match(/onAuthSuccess/g)).toHaveLength(1);
    await page.close();
  });
});
