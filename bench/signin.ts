// Email-code sign-in round trip, click on Continue to connected, in Chromium against the playground
// and the emulator on loopback. The code is typed from the dev inbox as soon as it arrives.
import { writeFileSync, mkdirSync } from "node:fs";
import { startServer } from "../server/index";
import { launchChromium } from "../test/e2e/support/chromium";
import { startPlayground } from "../test/e2e/support/playground";
import { waitForMessage } from "../test/e2e/support/inbox";

const RUNS = Number(process.env.RUNS ?? 20);
const emulator = await startServer({ memory: true, port: 0 });
const playground = await startPlayground(emulator.url);
const browser = await launchChromium();
const samples: number[] = [];
try {
  const page = await browser.newPage();
  for (let i = 0; i <= RUNS; i++) {
    const email = `bench-${i}-${Date.now()}@example.com`;
    await page.goto(`${playground.url}/?emailMode=otp`);
    await page.getByTestId("status").filter({ hasText: /^DISCONNECTED$/ }).waitFor({ timeout: 30_000 });
    await page.getByRole("button", { name: "Sign in" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("textbox", { name: "Email" }).fill(email);
    const started = performance.now();
    const since = Date.now() - 1000;
    await dialog.getByRole("button", { name: "Continue" }).first().click();
    const message = await waitForMessage(emulator.url, email, since);
    await dialog.getByRole("textbox", { name: "Digit 1 of 6" }).click();
    await page.keyboard.type(message.code!);
    await page.getByTestId("status").filter({ hasText: /^CONNECTED$/ }).waitFor();
    const elapsed = performance.now() - started;
    if (i > 0) samples.push(elapsed); // the first run warms the dev server and the frame
    await page.evaluate(() => localStorage.clear());
  }
} finally {
  await browser.close();
  await playground.close();
  await emulator.stop();
}
samples.sort((a, b) => a - b);
const pct = (p: number) => samples[Math.min(samples.length - 1, Math.floor((p / 100) * samples.length))]!;
const result = { runs: samples.length, p50Ms: Math.round(pct(50)), p90Ms: Math.round(pct(90)), minMs: Math.round(samples[0]!), maxMs: Math.round(samples.at(-1)!) };
console.log("email-code sign-in round trip (click Continue → connected):", result);
mkdirSync(new URL("./results/", import.meta.url), { recursive: true });
writeFileSync(new URL("./results/signin.json", import.meta.url), JSON.stringify({ measuredAt: new Date().toISOString(), ...result }, null, 2));
