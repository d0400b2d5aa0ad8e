import { chromium, type Browser, type BrowserContext, type LaunchOptions, type Page } from "playwright-core";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

// Without the background-networking flags Chromium tries to reach Google's hosts at start;
// nothing in our tests may leave loopback.
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** `env`: the browser process's environment (default this process's); `extraArgs`: flags after CHROMIUM_ARGS. */
export async function launchChromium({ extraArgs = [], ...options }: Pick<LaunchOptions, "env"> & { extraArgs?: string[] } = {}): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: run \`apt-get install -y chromium\` (the .ci/run script does)`);
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...extraArgs], ...options });
}

/** Fails the test on any page error or console error, and on any request that leaves loopback. */
export function watchPage(page: Page): { errors: string[]; offLoopback: string[] } {
  const errors: string[] = [];
  const offLoopback: string[] = [];
  page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(`console: ${m.text()}`);
  });
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (!["http:", "https:", "ws:", "wss:"].includes(url.protocol)) return;
    if (!["localhost", "127.0.0.1", "[::1]"].includes(url.hostname)) offLoopback.push(r.url());
  });
  return { errors, offLoopback };
}

/**
 * A browser with a profile of its own (a temp dir) that allows third-party storage, as a browser does by
 * default outside private windows (Playwright's contexts block it). For clients whose cross-site frames
 * keep their key in their own storage and nowhere else (Account Kit's SDK with its hosted frames' protocol).
 */
export async function launchChromiumAllowingThirdPartyStorage(): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), "latch-chromium-"));
  mkdirSync(join(dir, "Default"));
  writeFileSync(join(dir, "Default", "Preferences"), JSON.stringify({ profile: { cookie_controls_mode: 0, block_third_party_cookies: false } }));
  const context = await chromium.launchPersistentContext(dir, { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
