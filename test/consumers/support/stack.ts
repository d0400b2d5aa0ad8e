import { afterAll, beforeAll, inject } from "vitest";
import type { Browser } from "playwright-core";
import { startServer, type RunningServer } from "../../../server/index";
import { launchChromium } from "../../e2e/support/chromium";
import { installApp } from "./app";
import type { RunningProcess } from "./run";

export interface ConsumerStack {
  /** The installed app's folder. */
  app: string;
  emulator: RunningServer;
  browser: Browser;
  /** The app's server, once a test starts it; stopped after the file. */
  server?: RunningProcess;
}

/** For one test file: the consumer app installed from the packed tarball, an emulator and Chromium. */
export function useConsumerStack(name: string): ConsumerStack {
  const stack = {} as ConsumerStack;
  beforeAll(async () => {
    [stack.app, stack.emulator, stack.browser] = await Promise.all([
      installApp(name, inject("latchTarball")),
      startServer({ memory: true, port: 0 }),
      launchChromium(),
    ]);
  });
  afterAll(async () => {
    await stack.server?.stop();
    await stack.browser?.close();
    await stack.emulator?.stop();
  });
  return stack;
}
