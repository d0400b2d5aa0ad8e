// Dialog open to first paint of the initial step, in Chromium, on the test page (no backend needed).
import { writeFileSync, mkdirSync } from "node:fs";
import { launchChromium } from "../test/e2e/support/chromium";
import { startPageServer } from "../test/e2e/support/page-server";

const RUNS = Number(process.env.RUNS ?? 30);
const server = await startPageServer(["dialog"]);
const browser = await launchChromium();
const samples: number[] = [];
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${server.url}/dialog`);
  for (let i = 0; i <= RUNS; i++) {
    const ms = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const start = performance.now();
          const observer = new MutationObserver(() => {
            if (document.querySelector("[role=dialog] [data-latch-step=initial]")) {
              observer.disconnect();
              // The frame after the one that commits the DOM is the first painted with it.
              requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now() - start)));
            }
          });
          observer.observe(document.body, { childList: true, subtree: true });
          (document.querySelector("main button") as HTMLButtonElement).click();
        }),
    );
    if (i > 0) samples.push(ms);
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
  }
} finally {
  await browser.close();
  await server.close();
}
samples.sort((a, b) => a - b);
const pct = (p: number) => samples[Math.min(samples.length - 1, Math.floor((p / 100) * samples.length))]!;
const result = { runs: samples.length, p50Ms: +pct(50).toFixed(1), p90Ms: +pct(90).toFixed(1) };
console.log("dialog open → first paint of the initial step:", result);
mkdirSync(new URL("./results/", import.meta.url), { recursive: true });
writeFileSync(new URL("./results/dialog.json", import.meta.url), JSON.stringify({ measuredAt: new Date().toISOString(), ...result }, null, 2));
