// `npm start` says 'ready' only once the playground's modules are prepared: after warmVite, the
// browser's first page load asks Vite for no module the warm-up did not already request (so none
// waits for a dependency bundle or a first transform).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchChromium } from "./support/chromium";
import { startPlayground, type PlaygroundServer } from "./support/playground";
// @ts-expect-error -- a plain .mjs script of the repository, no types
import { warmVite } from "../../scripts/start/warm-vite.mjs";

let browser: Browser;
let playground: PlaygroundServer;
beforeAll(async () => {
  // Nothing answers the emulator URL: this test looks at module loading only.
  [browser, playground] = await Promise.all([launchChromium(), startPlayground("http://localhost:9")]);
});
afterAll(async () => {
  await browser?.close();
  await playground?.close();
});

describe("warming the playground before 'ready'", () => {
  it("requests the page, its scripts and every module they import; the first page load then asks for nothing new", async () => {
    const { modules, failed } = (await warmVite(playground.url, ["/"])) as { modules: string[]; failed: string[] };
    expect(failed).toEqual([]);
    expect(modules.some((m) => m.includes("/node_modules/.vite/deps/"))).toBe(true);
    expect(modules.length).toBeGreaterThan(50);

    const page = await browser.newPage();
    const asked: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.origin === playground.url && request.resourceType() === "script") asked.push(url.pathname + url.search);
    });
    await page.goto(playground.url);
    await page.getByTestId("status").waitFor({ timeout: 30_000 });
    expect(asked.length).toBeGreaterThan(50);
    expect(asked.filter((path) => !modules.includes(path))).toEqual([]);
    await page.close();
  });
});
