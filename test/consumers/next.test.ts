// The packed package in a fresh Next 16 App Router app (test/consumers/next): strict types, a
// production build, then Chromium against `next start` and the backend.
import { describe, expect, it } from "vitest";
import { watchPage } from "../e2e/support/chromium";
import { enterEmailCode, uniqueEmail } from "../e2e/support/sign-in";
import { freePort } from "../e2e/support/wallets/anvil";
import { runIn } from "./support/app";
import { startServer } from "./support/run";
import { useConsumerStack } from "./support/stack";

const NEXT_ENV = { NEXT_TELEMETRY_DISABLED: "1" };

const stack = useConsumerStack("next");
let pageUrl: string;

describe("a fresh Next 16 app on the packed package", () => {
  it("builds for production: a server page renders Latch's AuthCard (the React entry is a client module)", { timeout: 600_000 }, async () => {
    await runIn(stack.app, "next", ["build"], NEXT_ENV);
  });

  it("type-checks strict with skipLibCheck false (after the build wrote next-env.d.ts)", { timeout: 600_000 }, async () => {
    await runIn(stack.app, "tsc", ["-p", "tsconfig.json", "--noEmit"]);
  });

  it("serves the production build", async () => {
    const { app, emulator } = stack;
    const port = await freePort();
    stack.server = await startServer(`${app}/node_modules/.bin/next`, ["start", "-H", "127.0.0.1", "-p", String(port)], `http://127.0.0.1:${port}/`, {
      cwd: app,
      env: { ...NEXT_ENV, LATCH_SIGNER_URL: emulator.url },
    });
    pageUrl = `http://localhost:${port}/`;
  });

  it("hydrates a signed-out page without errors, signs in, and the server then renders the signed-in HTML from the cookie", async () => {
    const { browser, emulator } = stack;
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
    // Node may resolve localhost to ::1, where next start (on 127.0.0.1) does not listen.
    const html = await (await fetch(pageUrl.replace("localhost", "127.0.0.1"), { headers: { cookie } })).text();
    expect(html).toContain(address);

    await page.reload();
    await page.getByTestId("status").filter({ hasText: /^CONNECTED$/ }).waitFor({ timeout: 20_000 });
    expect(await page.getByTestId("address").textContent()).toBe(address);
    expect(watch.errors).toEqual([]);
    expect(watch.offLoopback).toEqual([]);
    await context.close();
  });
});
