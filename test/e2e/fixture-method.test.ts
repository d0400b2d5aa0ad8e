// The plugin contract end to end: a sign-in method written outside plugins/ (a one-time backup code),
// with a kit part and a server part, signs a user in through its own server route in Chromium and
// the session signs a message. Only this test's configuration registers it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { verifyMessage } from "viem";
import { startServer, type RunningServer } from "../../server/index";
import { backupCodeServer } from "../fixtures/backup-code/server";
import { launchChromium, watchPage } from "./support/chromium";
import { startPageServer, type PageServer } from "./support/page-server";

let browser: Browser;
let emulator: RunningServer;
let pages: PageServer;

beforeAll(async () => {
  [emulator, browser, pages] = await Promise.all([
    // Every answer of the flow is checked against its contract (the wire's and the fixture's own).
    startServer({ memory: true, port: 0, methods: [backupCodeServer()], checkAnswers: true }),
    launchChromium(),
    startPageServer(["backup-code"]),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await pages?.close();
  await emulator?.stop();
});

async function issueCode(email: string): Promise<string> {
  const response = await fetch(`${emulator.url}/signer/v1/backup-code-issue`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { code: string }).code;
}

describe("a sign-in method from outside plugins/ (backup code)", () => {
  it("signs in through its section, its step and its own server route; the session signs", async () => {
    const code = await issueCode("backup@example.com");
    const page = await browser.newPage();
    const watch = watchPage(page);
    await page.goto(`${pages.url}/backup-code?emulator=${encodeURIComponent(emulator.url)}`);
    await page.getByTestId("status").filter({ hasText: "DISCONNECTED" }).waitFor();
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("button", { name: "Use a backup code" }).click();
    await page.getByLabel("Backup code").fill(code);
    await page.getByRole("button", { name: "Sign in" }).last().click();
    await page.getByTestId("status").filter({ hasText: "CONNECTED" }).waitFor();
    const address = (await page.getByTestId("address").textContent()) as `0x${string}`;
    await page.getByRole("button", { name: "Sign message" }).click();
    const signature = page.getByTestId("signature").filter({ hasText: /^0x/ });
    await signature.waitFor();
    expect(await verifyMessage({ address, message: "signed with a backup code", signature: (await signature.textContent()) as `0x${string}` })).toBe(true);
    expect(watch.errors).toEqual([]);
    await page.close();
  });

  it("refuses an unknown code with the server's reason, shown on the step", async () => {
    const page = await browser.newPage();
    await page.goto(`${pages.url}/backup-code?emulator=${encodeURIComponent(emulator.url)}`);
    await page.getByTestId("status").filter({ hasText: "DISCONNECTED" }).waitFor();
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("button", { name: "Use a backup code" }).click();
    await page.getByLabel("Backup code").fill("not-a-code");
    await page.getByRole("button", { name: "Sign in" }).last().click();
    await page.getByRole("alert").waitFor();
    expect(await page.getByRole("alert").textContent()).toContain("This backup code is not valid");
    expect(await page.getByTestId("status").textContent()).toBe("DISCONNECTED");
    await page.close();
  });
});
