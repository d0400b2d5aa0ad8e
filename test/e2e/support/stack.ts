import { afterAll, beforeAll } from "vitest";
import type { Browser } from "playwright-core";
import { startServer, type RunningServer, type ServerOptions } from "../../../server/index";
import { launchChromium } from "./chromium";
import { startPageServer, type PageServer } from "./page-server";

export interface PageStack {
  browser: Browser;
  emulator: RunningServer;
  pages: PageServer;
}

/** For one test file: an in-memory emulator (with `serverOptions`), Chromium and the named test pages, started once and stopped after. */
export function usePageStack(pageNames: string[], serverOptions: ServerOptions = {}): PageStack {
  const stack = {} as PageStack;
  beforeAll(async () => {
    [stack.emulator, stack.browser, stack.pages] = await Promise.all([
      startServer({ memory: true, port: 0, checkAnswers: true, ...serverOptions }),
      launchChromium(),
      startPageServer(pageNames),
    ]);
  });
  afterAll(async () => {
    await stack.browser?.close();
    await stack.pages?.close();
    await stack.emulator?.stop();
  });
  return stack;
}
