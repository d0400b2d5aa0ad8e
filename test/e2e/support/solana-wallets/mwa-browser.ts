// Chromium for the Mobile Wallet Adapter tests, with the `solana-wallet:` hand-off dropped quietly.
//
// Desktop Linux Chromium hands an unknown scheme to its external protocol handler, which asks
// `xdg-settings check default-url-scheme-handler <scheme> chromium.desktop`. Unless the answer is
// 'yes', it shows the 'Open xdg-open?' dialog: tab-modal, invisible in headless, and while it is up
// the tab ignores all input (Playwright's clicks 'succeed', no event reaches the page). Nobody
// answers it, so after the first hand-off a page took no more taps. With 'yes' (Chromium itself is
// the handler) the launch is dropped without a dialog, and xdg-open is never run. The fake wallet
// sees the hand-off over CDP either way. So the browser gets an `xdg-settings` on its PATH that
// says yes for `solana-wallet` only (anything else: unknown, as when xdg-settings is missing).
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import type { Browser } from "playwright-core";
import { launchChromium } from "../chromium";

const XDG_SETTINGS = `#!/bin/sh
if [ "$1" = check ] && [ "$2" = default-url-scheme-handler ] && [ "$3" = solana-wallet ]; then echo yes; exit 0; fi
exit 1
`;

export async function launchMwaChromium(): Promise<Browser> {
  const bin = mkdtempSync(join(tmpdir(), "mwa-chromium-"));
  writeFileSync(join(bin, "xdg-settings"), XDG_SETTINGS);
  chmodSync(join(bin, "xdg-settings"), 0o755);
  const removeBin = () => rmSync(bin, { recursive: true, force: true });
  try {
    const browser = await launchChromium({ env: { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH ?? ""}` } });
    browser.on("disconnected", removeBin);
    return browser;
  } catch (error) {
    removeBin();
    throw error;
  }
}
