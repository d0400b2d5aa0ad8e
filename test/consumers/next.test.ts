// The packed package in a fresh Next 16 App Router app (test/consumers/next): strict types, a
// production build, then Chromium against `next start` and the backend.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import { startEmulator, type RunningEmulator } from "../../server/index";
import { launchChromium, watchPage } from "../e2e/support/chromium";
import { freePort } from "../e2e/support/wallets/anvil";
import { enterEmailCode, uniqueEmail } from "../e2e/support/sign-in";
import { installApp, runIn } from "./support/app";
import { startServer, type RunningProcess } from "./support/run";

const NEXT_ENV = { NEXT_TELEMETRY_DISABLED: "1" };

let app: string;
let emulator: RunningEmulator;
let browser: Browser;
let server: RunningProcess;
let pageUrl: string;

beforeAll(async () => {
  [app, emulator, browser] = await Promise.all([installApp("next", inject("latchTarball")), startEmulator({ memory: true, port: 0 }), launchChromium()]);
});
afterAll(async () => {
  await server?.stop();
  await browser?.close();
  await emulator?.stop();
});

describe("a fresh Next 16 app on the packed package", () => {
  it("builds for production (a server page renders Latch's AuthCard) and type-checks strict with skipLibCheck false", async () => {
    await runIn(app, "next", ["build"], NEXT_ENV);
    await runIn(app, "tsc", ["-p", "tsconfig.json", "--noEmit"]);
    const port = await freePort();
    server = await startServer(`${app}/node_modules/.bin/next`, ["start", "-H", "127.0.0.1", "-p", String(port)], `http://127.0.0.1:${port}/`, {
      cwd: app,
      env: { ...NEXT_ENV, LATCH_SIGNER_URL: emulator.url },
    });
    pageUrl = `http://localhost:${port}/`;
  });

  it("hydrates a signed-out page without errors, signs in, and the server then renders the signed-in HTML from the cookie", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const watch = watchPage(page);
    await page.goto(pageUrl);
    await page.getByTestId("status").filter({ hasText: /^DISCONNECTED$/ }).waitFor();
    expect(watch.errors).toEqual([]);

    await enterEmailCode(page, emulator.url, uniqueEmail("next"), { open: false });
    const address = (await page.getByTestId("address").textContent({ timeout: 20_000 }))!;
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);

    const cookie = (await context.cookies(pageUrl)).map((c) => `${c.name}=${c.value}`).join("; ");
    const html = await (await fetch(pageUrl, { headers: { cookie } })).text();
    expect(html).toContain(address);

    await page.reload();
    await page.getByTestId("status").filter({ hasText: /^CONNECTED$/ }).waitFor({ timeout: 20_000 });
    expect(await page.getByTestId("address").textContent()).toBe(address);
    expect(watch.errors).toEqual([]);
    expect(watch.offLoopback).toEqual([]);
    await context.close();
  });
});
