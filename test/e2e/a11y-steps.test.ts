import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchChromium, watchPage } from "./support/chromium";
import { startPageServer, type PageServer } from "./support/page-server";
import { seriousViolations } from "./support/axe";
import { drawStep as drawn, STEP_SAMPLES as samples } from "./support/steps";

let browser: Browser;
let server: PageServer;
beforeAll(async () => {
  [browser, server] = await Promise.all([launchChromium(), startPageServer(["steps"])]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe("accessibility of every auth step", () => {
  for (const theme of ["light", "dark"]) {
    for (const width of [375, 1280]) {
      it(`has no serious or critical axe violation on any step (${theme}, ${width} px)`, async () => {
        const page = await browser.newPage({ viewport: { width, height: 800 } });
        const watch = watchPage(page);
        await page.goto(`${server.url}/steps?theme=${theme}`);
        await page.getByRole("heading", { name: "Steps" }).waitFor();
        const types = (await page.evaluate(() => (window as unknown as { __stepTypes: () => string[] }).__stepTypes())) as string[];
        const missing = types.filter((t) => !(t in samples));
        expect(missing, "steps without an accessibility sample").toEqual([]);
        const failures: Record<string, unknown> = {};
        for (const type of types) {
          const sample = samples[type];
          if (!sample) continue;
          await drawn(page, { type, ...sample });
          const violations = await seriousViolations(page);
          if (violations.length) failures[type] = violations;
        }
        await drawn(page, { type: "initial", error: { name: "Error", message: "x" } });
        const withError = await seriousViolations(page);
        if (withError.length) failures.initial_with_error = withError;
        expect(failures).toEqual({});
        expect(watch.errors).toEqual([]);
        await page.close();
      });
    }
  }

  it("would catch a violation (the scan is live)", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${server.url}/steps`);
    await drawn(page, { type: "initial" });
    await page.evaluate(() => document.querySelector("[data-latch-step]")!.appendChild(document.createElement("button")));
    expect((await seriousViolations(page)).map((v) => v.id)).toContain("button-name");
    await page.close();
  });

  it("is operable by keyboard alone: Tab reaches the email field, typing and Enter submit", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${server.url}/steps`);
    await page.evaluate(() => (window as unknown as { __kit: { openModal: () => void } }).__kit.openModal());
    await page.getByRole("dialog").waitFor();
    let reached = false;
    for (let i = 0; i < 10 && !reached; i++) {
      await page.keyboard.press("Tab");
      reached = await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type === "email");
    }
    expect(reached).toBe(true);
    await page.keyboard.type("ada@example.com");
    await page.keyboard.press("Enter");
    await page.getByRole("group", { name: "One-time code" }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Digit 1 of 6");
    await page.close();
  });
});
