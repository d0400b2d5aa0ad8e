import { afterAll, beforeAll, inject } from "vitest";
import type { Browser } from "playwright-core";
import { launchChromium } from "../../e2e/support/chromium";
import { freePort } from "../../e2e/support/wallets/anvil";
import { startSmtpReceiver, type ReceivedEmail, type Receiver } from "../../production/support/receivers";
import { startPostgresCluster, type PostgresCluster } from "../../server/support/postgresCluster";
import { installApp } from "./app";
import type { RunningProcess } from "./run";
import { buildAndPackServer, installServerFolder, type ServerFolder, type StartedServer } from "./serverPackage";

export interface ServerStack {
  /** The packed latch-server, and the operator's folder it is installed in. */
  serverTarball: string;
  folder: ServerFolder;
  /** The port the server will listen on (its public URL is http://localhost:<port>). */
  serverPort: number;
  /** The Vite app (test/consumers/<appName>, installed from the packed kit) and the port its preview serves on. */
  app: string;
  appPort: number;
  postgres: PostgresCluster;
  databaseUrl: string;
  smtp: Receiver<ReceivedEmail>;
  browser: Browser;
  /** Set by the tests as they go: the API key init wrote, the running server, the app's preview. */
  apiKey?: string;
  server?: StartedServer;
  preview?: RunningProcess;
}

/**
 * For one test file: the packed server installed in a fresh operator folder (`dependencies` adds
 * packages beside it, e.g. a method's tarball), a throw-away PostgreSQL, an SMTP receiver, a Vite
 * consumer app on the packed kit (`appName`, default test/consumers/vite; `appDependencies` adds
 * packages to it), Chromium. Everything started is stopped after the file.
 */
export function useServerStack(
  options: {
    folderName?: string;
    dependencies?: () => Promise<Record<string, string>>;
    appName?: string;
    appDependencies?: () => Promise<Record<string, string>>;
  } = {},
): ServerStack {
  const stack = {} as ServerStack;
  beforeAll(async () => {
    stack.serverTarball = await buildAndPackServer();
    const dependencies = (await options.dependencies?.()) ?? {};
    const appDependencies = (await options.appDependencies?.()) ?? {};
    [stack.folder, stack.app, stack.postgres, stack.smtp, stack.browser, stack.serverPort, stack.appPort] = await Promise.all([
      installServerFolder(stack.serverTarball, options.folderName, dependencies),
      installApp(options.appName ?? "vite", inject("latchTarball"), appDependencies),
      startPostgresCluster(),
      startSmtpReceiver(),
      launchChromium(),
      freePort(),
      freePort(),
    ]);
    stack.databaseUrl = await stack.postgres.createDatabase();
  });
  afterAll(async () => {
    await stack.preview?.stop();
    await stack.server?.stop();
    await stack.browser?.close();
    await stack.smtp?.close();
    await stack.postgres?.destroy();
  });
  return stack;
}
