// Every step of the sign-in dialog and every modal of the kit fits a 320 px and a 375 px screen:
// each one's box and everything in it measured in Chromium, nothing cut off at either edge.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchChromium, watchPage } from "./support/chromium";
import { startPageServer, type PageServer } from "./support/page-server";
import { animationsSettled as settled, drawStep, STEP_SAMPLES as samples } from "./support/steps";

const MODALS = ["pairing", "wallet-not-found", "long-text"] as const;

let browser: Browser;
let server: PageServer;
beforeAll(async () => {
  [browser, server] = await Promise.all([launchChromium(), startPageServer(["small-screens"])]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** What sticks out of the screen (or of its dialog) in every open dialog: the box and each element in it. */
function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    const name = (el: Element) => `${el.tagName.toLowerCase()}${el.getAttribute("aria-label") ? `[${el.getAttribute("aria-label")}]` : ""} "${(el.textContent ?? "").trim().slice(0, 30)}"`;
    for (const dialog of document.querySelectorAll("dialog[open]")) {
      const box = dialog.getBoundingClientRect();
      if (box.left < -0.5 || box.right > width + 0.5) out.push(`dialog ${Math.round(box.left)}–${Math.round(box.right)} of ${width}`);
      if (dialog.scrollWidth > dialog.clientWidth + 1) out.push(`dialog scrolls sideways (${dialog.scrollWidth} > ${dialog.clientWidth})`);
      for (const el of dialog.querySelectorAll("*")) {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0 || (r.width <= 1 && r.height <= 1)) continue;
        if (r.left < Math.max(0, box.left) - 0.5 || r.right > Math.min(width, box.right) + 0.5) out.push(`${name(el)} ${Math.round(r.left)}–${Math.round(r.right)}`);
      }
    }
    return out;
  });
}

describe("small screens", () => {
  for (const width of [320, 375]) {
    it(`every step of the dialog fits ${width} px`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 700 } });
      const watch = watchPage(page);
      await page.goto(`${server.url}/small-screens`);
      await page.getByRole("heading", { name: "Small screens" }).waitFor();
      const types = (await page.evaluate(() => (window as unknown as { __stepTypes: () => string[] }).__stepTypes())) as string[];
      expect(types.filter((t) => !(t in samples)), "steps without a sample").toEqual([]);
      const failures: Record<string, string[]> = {};
      let measured = 0;
      for (const type of types) {
        const sample = samples[type];
        if (!sample) continue;
        await drawStep(page, { type, ...sample });
        const out = await overflowing(page);
        if (out.length) failures[type] = out;
        measured++;
      }
      expect(measured).toBeGreaterThanOrEqual(12);
      expect(failures).toEqual({});
      expect(watch.errors).toEqual([]);
      await page.close();
    });

    it(`every modal fits ${width} px (the WalletConnect pairing QR, 'We can't find a wallet', a long error)`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 700 } });
      await page.goto(`${server.url}/small-screens`);
      await page.getByRole("heading", { name: "Small screens" }).waitFor();
      const failures: Record<string, string[]> = {};
      for (const modal of MODALS) {
        await page.evaluate((m) => (window as unknown as { __showModal: (m: string | null) => void }).__showModal(m), modal);
        await page.locator("dialog[open]").waitFor();
        await settled(page);
        const out = await overflowing(page);
        if (out.length) failures[modal] = out;
        await page.evaluate(() => (window as unknown as { __showModal: (m: string | null) => void }).__showModal(null));
        await page.locator("dialog[open]").waitFor({ state: "detached" });
      }
      expect(failures).toEqual({});
      await page.close();
    });
  }
});

describe("the spec's lower-case texts", () => {
  it("shows 'by signing in you agree…', 'protected by' and 'check your email' as the spec writes them, not capitalised", async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 700 } });
    await page.goto(`${server.url}/small-screens`);
    await page.getByRole("heading", { name: "Small screens" }).waitFor();
    /** Each text's element and the case CSS gives its first letter and its whole. */
    const shown = (texts: string[]) =>
      page.evaluate((wanted) => {
        const elements = [...document.querySelectorAll("dialog[open] *")].filter((el) => el.children.length <= 1);
        return wanted.map((text) => {
          const el = elements.find((e) => (e.textContent ?? "").trim().startsWith(text));
          if (!el) return `${text}: not found`;
          const transform = [getComputedStyle(el, "::first-letter").textTransform, getComputedStyle(el).textTransform];
          return `${(el as HTMLElement).innerText.trim().slice(0, text.length)} (${transform.join(", ")})`;
        });
      }, texts);
    await page.evaluate(() => (window as unknown as { __kit: { openModal: (s: unknown) => void } }).__kit.openModal({ type: "initial" }));
    await page.locator('[data-latch-step="initial"]').waitFor();
    expect(await shown(["by signing in you agree to the Terms of Service", "protected by"])).toEqual([
      "by signing in you agree to the Terms of Service (none, none)",
      "protected by (none, none)",
    ]);
    await page.evaluate(() => (window as unknown as { __kit: { setStep: (s: unknown) => void } }).__kit.setStep({ type: "email_verify", email: "ada@example.com" }));
    await page.locator('[data-latch-step="email_verify"]').waitFor();
    expect(await shown(["check your email"])).toEqual(["check your email (none, none)"]);
    await page.close();
  });
});
