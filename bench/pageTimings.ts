// What a user of an email-only app gets, in Chromium, on a production bundle (minified,
// NODE_ENV=production, react included) against a Latch server on loopback. Times are taken inside the
// page (performance.now() at the user's input, then the frame after the DOM shows the result), so
// neither Playwright's round trips nor the harness's inbox polling count:
//   - first open: click on Sign in → the email step painted, on a page just loaded (each run a fresh page);
//   - Continue → code boxes: click on Continue → the six digit boxes painted (includes the sign-up round trip);
//   - last digit → connected: the sixth digit typed → the app shows the user's address.
// Used by bench/user-timings.ts (RAIL anchors, warm figures) and bench/server.ts (floors: React alone
// drawing the same steps, plus the server's own time for the requests of each step).
import { createServer } from "node:http";
import { fileURLToPath } from "node:url";
import type { AddressInfo } from "node:net";
import type { Browser, Page } from "playwright-core";
import { build } from "esbuild";

const root = fileURLToPath(new URL("../", import.meta.url));

export const FIRST_OPEN = "first open → email step painted";
export const CONTINUE = "Continue → code boxes";
export const LAST_DIGIT = "last digit → connected";

/** The pages bundled for production and served on localhost (another site than the signer's 127.0.0.1). */
export async function servePages(pages: Record<string, string>): Promise<{ url: string; close(): void }> {
  const scripts = new Map<string, string>();
  for (const [name, entry] of Object.entries(pages)) {
    const bundle = await build({
      entryPoints: [fileURLToPath(new URL(entry, import.meta.url))],
      absWorkingDir: root,
      bundle: true,
      minify: true,
      format: "esm",
      jsx: "automatic",
      target: "es2022",
      write: false,
      define: { "process.env.NODE_ENV": '"production"' },
      logLevel: "error",
    });
    scripts.set(`/${name}.js`, bundle.outputFiles[0]!.text);
  }
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    const script = scripts.get(path);
    if (script) res.writeHead(200, { "content-type": "text/javascript" }).end(script);
    else res.writeHead(200, { "content-type": "text/html" }).end(html(`${path.slice(1) || Object.keys(pages)[0]}.js`));
  });
  await new Promise<void>((resolve) => server.listen(0, "localhost", resolve));
  return { url: `http://localhost:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

const html = (script: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bench</title><link rel="icon" href="data:,"></head><body><div id="root"></div><script type="module" src="/${script}"></script></body></html>`;

/**
 * In the page: ms from the next `trigger` event (capture phase) to the frame painted once `doneSelector`
 * holds (and has text, with `doneText`). Resolves once the listener is in place (so the input that follows
 * is the one timed) with a function that waits for the time.
 */
export async function span(page: Page, trigger: "click" | "keydown", doneSelector: string, doneText = false): Promise<() => Promise<number>> {
  await page.evaluate(
    ([trigger, doneSelector, doneText]) => {
      // No named inner functions: the bench runs under tsx, whose keepNames helper does not exist in the page.
      (window as unknown as { benchSpan: Promise<number> }).benchSpan = new Promise<number>((resolve) => {
        let start = 0;
        document.addEventListener(trigger as string, () => (start = performance.now()), { capture: true, once: true });
        const observer = new MutationObserver(() => {
          const element = document.querySelector(doneSelector as string);
          if (start && element !== null && (!doneText || (element.textContent ?? "") !== "")) {
            observer.disconnect();
            requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now() - start)));
          }
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      });
    },
    [trigger, doneSelector, doneText] as const,
  );
  return () => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${doneSelector} did not show within ${SPAN_TIMEOUT_MS / 1000} s of the ${trigger} (page ${page.url()})`)), SPAN_TIMEOUT_MS);
    });
    const measured = page.evaluate(() => (window as unknown as { benchSpan: Promise<number> }).benchSpan);
    return Promise.race([measured, timeout]).finally(() => clearTimeout(timer));
  };
}

const SPAN_TIMEOUT_MS = 60_000;

export interface EmailFlow {
  /** The code sent to `email` after `since` (ms since the epoch). */
  code(email: string, since: number): Promise<string>;
  /** Called as a step starts; the function it returns, once the step is painted, gives the server's own ms for that step. */
  serverTime?: () => () => number;
}

/** Samples by figure name; with `serverTime`, the server's ms per step under "<figure> (server)". */
export type Samples = Record<string, number[]>;

const DIALOG_STEP = "[role=dialog] [data-latch-step=initial]";

/** Opens the dialog on a page just loaded (the first open) and records it. */
export async function firstOpen(page: Page, url: string, samples: Samples, label = "") {
  await page.goto(url);
  await page.getByRole("button", { name: "Sign in" }).waitFor();
  const first = await span(page, "click", DIALOG_STEP);
  await page.getByRole("button", { name: "Sign in" }).click();
  record(samples, `${FIRST_OPEN}${label}`, await first());
}

/** Email → Continue → the code → connected, recording both steps (and the server's time for each). */
export async function signIn(page: Page, email: string, flow: EmailFlow, samples: Samples, label = "") {
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("textbox", { name: "Email" }).fill(email);
  const since = Date.now() - 1000;
  const boxes = await span(page, "click", '[aria-label="Digit 6 of 6"]');
  let server = flow.serverTime?.();
  await dialog.getByRole("button", { name: "Continue", exact: true }).click();
  record(samples, `${CONTINUE}${label}`, await boxes());
  if (server) record(samples, `${CONTINUE}${label} (server)`, server());
  const code = await flow.code(email, since);
  await dialog.getByRole("textbox", { name: "Digit 1 of 6" }).click();
  await page.keyboard.type(code.slice(0, 5));
  const connected = await span(page, "keydown", '[data-testid="user"]', true);
  server = flow.serverTime?.();
  await page.keyboard.type(code.slice(5));
  record(samples, `${LAST_DIGIT}${label}`, await connected());
  if (server) record(samples, `${LAST_DIGIT}${label} (server)`, server());
}

/** `runs` fresh pages of `url`, each: first open, then a sign-in with a new email. */
export async function measureEmailApp(browser: Browser, url: string, flow: EmailFlow, runs: number, samples: Samples = {}): Promise<Samples> {
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("console", (message) => void (message.type() === "error" && problems.push(message.text())));
    page.on("pageerror", (error) => void problems.push(error.message));
    try {
      await firstOpen(page, url, samples);
      await signIn(page, `page-${run}-${Date.now()}@example.com`, flow, samples);
    } catch (error) {
      const shown = await page.locator("body").innerText().catch(() => "");
      throw new Error(`${(error as Error).message}\npage shows: ${shown}\nconsole: ${problems.join("\n")}`, { cause: error });
    } finally {
      await context.close();
    }
  }
  return samples;
}

export function record(samples: Samples, name: string, ms: number) {
  (samples[name] ??= []).push(ms);
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
