import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchChromium, watchPage } from "./support/chromium";
import { startPageServer, type PageServer } from "./support/page-server";
import { seriousViolations } from "./support/axe";

let browser: Browser;
let server: PageServer;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchChromium(), startPageServer(["dialog"])]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Two frames rendered after what the test did: the page has handled its input and drawn. */
const framesDrawn = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

async function openPage(width: number, theme = "light"): Promise<{ page: Page; watch: ReturnType<typeof watchPage> }> {
  const page = await browser.newPage({ viewport: { width, height: 800 } });
  const watch = watchPage(page);
  await page.goto(`${server.url}/dialog?theme=${theme}`);
  await page.getByRole("button", { name: "Open sign-in" }).click();
  await page.getByRole("dialog").waitFor();
  return { page, watch };
}

describe("the sign-in dialog in Chromium", () => {
  it("closes on Escape and returns focus to the opener", async () => {
    const { page, watch } = await openPage(1280);
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    expect(await page.getByTestId("state").textContent()).toBe("closed");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Open sign-in");
    expect(watch.errors).toEqual([]);
    await page.close();
  });

  it("is a labelled modal: aria-modal, the rest of the page inert, focus inside; the close button gives the focus back", async () => {
    const { page, watch } = await openPage(1280);
    const dialog = page.getByRole("dialog", { name: "Sign in" });
    expect(await dialog.getAttribute("aria-modal")).toBe("true");
    expect(await page.evaluate(() => !!document.activeElement?.closest("[role=dialog]"))).toBe(true);
    // Outside the dialog nothing takes the focus or a click.
    const outside = await page.evaluate(() => {
      const opener = [...document.querySelectorAll("button")].find((b) => b.textContent === "Open sign-in")!;
      opener.focus();
      const link = document.querySelector<HTMLAnchorElement>("a[href='#after']")!;
      const r = link.getBoundingClientRect();
      return { focusedOpener: document.activeElement === opener, hit: document.elementFromPoint(r.x + 2, r.y + 2) === link };
    });
    expect(outside).toEqual({ focusedOpener: false, hit: false });
    // The close button: the dialog goes, the focus returns to the opener.
    await page.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Open sign-in");
    expect(watch.errors).toEqual([]);
    await page.close();
  });

  it("locks the page's scroll while open and gives it back after", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${server.url}/dialog`);
    await page.evaluate(() => (document.body.style.height = "4000px"));
    await page.getByRole("button", { name: "Open sign-in" }).click();
    await page.getByRole("dialog").waitFor();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe("hidden");
    await page.mouse.move(20, 700);
    await page.mouse.wheel(0, 1500);
    await framesDrawn(page);
    expect(await page.evaluate(() => scrollY)).toBe(0);
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe("");
    await page.mouse.wheel(0, 1500);
    await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(0);
    await page.close();
  });

  it("closes on Escape again after a reopen (no stale native state)", async () => {
    const { page } = await openPage(1280);
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press("Escape");
      await page.getByRole("dialog").waitFor({ state: "detached" });
      await page.keyboard.press("Enter"); // the opener has the focus back
      await page.getByRole("dialog").waitFor();
    }
    expect(await page.getByTestId("state").textContent()).toBe("open");
    await page.close();
  });

  it("does not close when a press starts inside the dialog and ends on the backdrop", async () => {
    const { page } = await openPage(1280);
    const box = (await page.locator("[data-latch-sheet]").boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + 20);
    await page.mouse.down();
    await page.mouse.move(10, 10);
    await page.mouse.up();
    await framesDrawn(page);
    expect(await page.getByRole("dialog").count()).toBe(1);
    await page.close();
  });

  it("stays open under React's strict mode, where its effects run twice", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${server.url}/dialog?strict`);
    await page.getByRole("button", { name: "Open sign-in" }).click();
    await page.getByRole("dialog").waitFor();
    await framesDrawn(page);
    expect(await page.getByTestId("state").textContent()).toBe("open");
    expect(await page.getByRole("dialog").count()).toBe(1);
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Open sign-in");
    await page.close();
  });

  it("buttons: a focus ring from the keyboard only, pressed by Space or a click", async () => {
    const { page } = await openPage(1280);
    const answer = page.getByRole("button", { name: "Answer a question" });
    const ring = () => answer.evaluate((el) => el === document.activeElement && getComputedStyle(el).outlineStyle !== "none");
    // A pointer press focuses it without the ring...
    const box = (await answer.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    expect(await answer.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await ring()).toBe(false);
    await page.mouse.up();
    await page.getByRole("heading", { name: "Favourite colour?" }).waitFor();
    await page.getByRole("button", { name: "Back" }).click();
    // ...the keyboard shows it, and Space presses (Enter: test/e2e/focus.test.ts presses Back with it).
    await answer.waitFor();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Tab");
    for (let i = 0; i < 20 && !(await answer.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
    expect(await ring()).toBe(true);
    await page.keyboard.press("Space");
    await page.getByRole("heading", { name: "Favourite colour?" }).waitFor();
    await page.close();
  });

  it("closes on a backdrop click", async () => {
    const { page } = await openPage(1280);
    await page.mouse.click(10, 10);
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await page.close();
  });

  it("traps focus: Tab never leaves the dialog", async () => {
    const { page } = await openPage(1280);
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Tab");
      const inside = await page.evaluate(() => !!document.activeElement?.closest("[role=dialog]"));
      expect(inside).toBe(true);
    }
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press("Shift+Tab");
      expect(await page.evaluate(() => !!document.activeElement?.closest("[role=dialog]"))).toBe(true);
    }
    await page.close();
  });

  it("is a bottom sheet at 375 px wide", async () => {
    const { page } = await openPage(375);
    const box = (await page.getByRole("dialog").evaluate((el) => {
      const modal = el.closest("[data-latch-sheet]")!.getBoundingClientRect();
      return { width: modal.width, bottom: modal.bottom, viewport: innerHeight };
    })) as { width: number; bottom: number; viewport: number };
    // The sheet slides in for 0.5 s: measured once its animation has finished.
    await page.locator("[data-latch-sheet]").evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
    const settled = await page.getByRole("dialog").evaluate((el) => el.closest("[data-latch-sheet]")!.getBoundingClientRect().bottom);
    expect(box.width).toBe(375);
    expect(Math.round(settled)).toBe(box.viewport);
    await page.close();
  });

  it("is a centred 368 px box at 1280 px wide, its body at most 60% of the viewport high", async () => {
    const { page } = await openPage(1280);
    const rect = await page.getByRole("dialog").evaluate((el) => {
      const r = el.closest("[data-latch-sheet]")!.getBoundingClientRect();
      const body = el.querySelector("[data-latch-step]") as HTMLElement;
      return { width: r.width, left: r.left, right: innerWidth - r.right, bodyMax: getComputedStyle(body).maxHeight };
    });
    expect(rect.width).toBe(368);
    expect(Math.abs(rect.left - rect.right)).toBeLessThanOrEqual(1);
    expect(rect.bodyMax).toBe(`${0.6 * 800}px`);
    await page.close();
  });

  it("navigates a third-party plugin's steps and back", async () => {
    const { page, watch } = await openPage(1280);
    await page.getByRole("button", { name: "Answer a question" }).click();
    await page.getByRole("heading", { name: "Favourite colour?" }).waitFor();
    await page.getByRole("button", { name: "Blue" }).click();
    await page.getByText("You answered blue").waitFor();
    await page.getByRole("button", { name: "Back" }).click();
    await page.getByRole("heading", { name: "Favourite colour?" }).waitFor();
    await page.getByRole("button", { name: "Back" }).click();
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    expect(watch.errors).toEqual([]);
    expect(watch.offLoopback).toEqual([]);
    await page.close();
  });

  for (const theme of ["light", "dark"]) {
    for (const width of [375, 1280]) {
      it(`has no serious or critical axe violation (${theme}, ${width} px)`, async () => {
        const { page } = await openPage(width, theme);
        await page.locator("[data-latch-sheet]").evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
        expect(await page.getByTestId("theme").textContent()).toBe(theme);
        expect(await seriousViolations(page)).toEqual([]);
        await page.getByRole("button", { name: "Answer a question" }).click();
        await page.getByRole("heading", { name: "Favourite colour?" }).waitFor();
        expect(await seriousViolations(page)).toEqual([]);
        await page.close();
      });
    }
  }
});

describe("the bottom sheet", () => {
  /**
   * Drags the handle `dy` px down in `ms` by the events' own timestamps (CDP input with explicit
   * times): the sheet sees that speed however slowly a loaded machine delivers the events.
   */
  async function dragHandle(page: Page, dy: number, ms: number) {
    const handle = page.locator("[data-latch-sheet-handle]");
    const box = (await handle.boundingBox())!;
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    const cdp = await page.context().newCDPSession(page);
    const t0 = Date.now() / 1000;
    await cdp.send("Input.dispatchMouseEvent", { type: "mousePressed", x, y, button: "left", buttons: 1, clickCount: 1, timestamp: t0 });
    const steps = 5;
    for (let i = 1; i <= steps; i++) {
      const at = t0 + (ms * i) / steps / 1000;
      await cdp.send("Input.dispatchMouseEvent", { type: "mouseMoved", x, y: y + (dy * i) / steps, button: "left", buttons: 1, timestamp: at });
    }
    await cdp.send("Input.dispatchMouseEvent", { type: "mouseReleased", x, y: y + dy, button: "left", buttons: 0, clickCount: 1, timestamp: t0 + ms / 1000 });
    await cdp.detach();
  }

  /** The sheet has slid in (its entry animation finished): the state, not a clock. */
  const slidIn = (page: Page) => page.locator("[data-latch-sheet]").evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));

  it("closes when dragged past 25% of its height, and springs back when not", async () => {
    const { page } = await openPage(375);
    await slidIn(page);
    const height = await page.locator("[data-latch-sheet]").evaluate((el) => el.getBoundingClientRect().height);
    await dragHandle(page, height * 0.15, 600); // slow and short: stays
    await expect.poll(() => page.locator("[data-latch-sheet]").evaluate((el) => el.style.transform)).toBe("");
    expect(await page.getByRole("dialog").count()).toBe(1);
    await dragHandle(page, height * 0.4, 600);
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await page.close();
  });

  it("closes on a fast flick even when short", async () => {
    const { page } = await openPage(375);
    await slidIn(page);
    await dragHandle(page, 60, 40); // 60 px in 40 ms by the events' timestamps: 1.5 px/ms, over 0.4
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await page.close();
  });

  it("springs back from a short drag as slow as 0.2 px/ms, however fast the machine delivers it", async () => {
    const { page } = await openPage(375);
    await slidIn(page);
    await dragHandle(page, 60, 300);
    await expect.poll(() => page.locator("[data-latch-sheet]").evaluate((el) => el.style.transform)).toBe("");
    expect(await page.getByRole("dialog").count()).toBe(1);
    await page.close();
  });

  it("has no slide animation when the user prefers reduced motion", async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 800 }, reducedMotion: "reduce" });
    await page.goto(`${server.url}/dialog`);
    await page.getByRole("button", { name: "Open sign-in" }).click();
    const animation = await page.locator("[data-latch-sheet]").evaluate((el) => getComputedStyle(el).animationName);
    expect(animation).toBe("none");
    await page.close();
  });

  it("has no handle in the centred box", async () => {
    const { page } = await openPage(1280);
    expect(await page.locator("[data-latch-sheet-handle]").isVisible()).toBe(false);
    await page.close();
  });
});
