// §2: each illustration style (outline, linear, filled, flat) and the loading spinner have a light
// and a dark variant: drawn in Chromium in both themes, their painted colours differ.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchChromium } from "./support/chromium";
import { startPageServer, type PageServer } from "./support/page-server";
import { drawStep } from "./support/steps";

let browser: Browser;
let server: PageServer;
beforeAll(async () => {
  [browser, server] = await Promise.all([launchChromium(), startPageServer(["small-screens"])]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The computed paint of a step's illustration and of the spinner, in a theme. */
async function painted(theme: string, illustrationStyle: string): Promise<{ illustration: string; spinner: string }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${server.url}/small-screens?theme=${theme}&illustrationStyle=${illustrationStyle}`);
  await page.getByRole("heading", { name: "Small screens" }).waitFor();
  await drawStep(page, { type: "email_verify", email: "ada@example.com" });
  const paint = (selector: string) =>
    page.locator(selector).first().evaluate((el) => {
      const style = getComputedStyle(el);
      return `fill ${style.fill}, stroke ${style.stroke}`;
    });
  const illustration = await paint(`[data-illustration-style="${illustrationStyle}"] path`);
  await drawStep(page, { type: "passkey_verify", createNew: false });
  const spinner = `${await paint('[role="status"] circle')}; ${await paint('[role="status"] path')}`;
  await page.close();
  return { illustration, spinner };
}

describe("§2 light and dark variants", () => {
  for (const style of ["outline", "linear", "filled", "flat"]) {
    it(`the ${style} illustrations and the spinner are painted differently in light and dark`, async () => {
      const light = await painted("light", style);
      const dark = await painted("dark", style);
      expect(light.illustration).not.toBe(dark.illustration);
      expect(light.spinner).not.toBe(dark.spinner);
      expect(light.illustration).toMatch(/rgb/);
    });
  }
});
