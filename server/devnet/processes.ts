// Child processes of the devnet: spawned on loopback, logs optional, always reaped on stop or on our own exit.
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export interface ManagedProcess {
  name: string;
  pid: number;
  child: ChildProcess;
  /** Resolves once the process has exited (after stop(), or on its own). */
  exited: Promise<void>;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves when the process is gone. */
  stop(graceMs?: number): Promise<void>;
  /** The last lines it printed, for error messages. */
  tail(): string;
}

const live = new Set<ManagedProcess>();
let exitHookInstalled = false;
let watchdog: ChildProcess | undefined;

const WATCHDOG_SCRIPT = join(dirname(fileURLToPath(import.meta.url)), "watchdog.mjs");

/**
 * One watchdog process per Node process: it kills the children we registered if we die without stopping them
 * (SIGKILL included). It holds no reference on our event loop.
 */
function watch(command: "watch" | "unwatch", pid: number): void {
  if (!watchdog || watchdog.exitCode !== null || watchdog.signalCode !== null) {
    if (command === "unwatch") return;
    watchdog = spawn(process.execPath, [WATCHDOG_SCRIPT], { stdio: ["pipe", "ignore", "ignore"] });
    watchdog.unref();
    (watchdog.stdin as unknown as { unref?: () => void } | null)?.unref?.();
    watchdog.stdin?.on("error", () => {});
  }
  watchdog.stdin?.write(`${command} ${pid}\n`);
}

/** If our process exits without calling stop() (a crash, process.exit), take the children with us. */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once("exit", () => {
    for (const managed of live) {
      try {
        managed.child.kill("SIGKILL");
      } catch {
        // Already gone.
      }
    }
  });
}

export function startProcess(
  name: string,
  command: string,
  args: string[],
  options: { log?: boolean; env?: NodeJS.ProcessEnv; cwd?: string } = {},
): ManagedProcess {
  installExitHook();
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ["pipe", "pipe", "pipe"],
  });
  if (child.pid === undefined) throw new Error(`${name}: could not start ${command}`);
  const pid = child.pid;
  watch("watch", pid);
  const lines: string[] = [];
  const onOutput = (chunk: Buffer) => {
    const text = chunk.toString();
    for (const line of text.split("\n")) if (line.trim()) lines.push(line);
    if (lines.length > 40) lines.splice(0, lines.length - 40);
    if (options.log) process.stderr.write(text.replace(/^(?=.)/gm, `[${name}] `));
  };
  child.stdout?.on("data", onOutput);
  child.stderr?.on("data", onOutput);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });
  const managed: ManagedProcess = {
    name,
    pid: child.pid,
    child,
    exited,
    tail: () => lines.join("\n"),
    async stop(graceMs = 3000) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
        await exited;
        clearTimeout(timer);
      }
      live.delete(managed);
    },
  };
  live.add(managed);
  void exited.then(() => {
    live.delete(managed);
    watch("unwatch", pid);
  });
  return managed;
}

/** A port free on loopback right now (every devnet service, Alto included, binds 127.0.0.1). */
export async function freePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === "object") resolve(address.port);
        else reject(new Error("no port"));
      });
    });
  });
}

/**
 * Polls `probe` until it resolves true; if the process exits or time runs out, stops it and fails with its
 * last output. The wait ends as soon as the process answers or dies, so the limit only bounds a process that
 * hangs: it is long, for a busy machine (two cores shared by a test run start anvil in well over 15 s).
 */
export async function waitUntilReady(
  managed: ManagedProcess,
  probe: () => Promise<boolean>,
  timeoutMs = 120_000,
  intervalMs = 50,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void managed.exited.then(() => {
    exited = true;
  });
  while (Date.now() < deadline) {
    if (exited) {
      await managed.stop();
      throw new Error(`${managed.name} exited before it was ready:\n${managed.tail()}`);
    }
    try {
      if (await probe()) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  await managed.stop();
  throw new Error(`${managed.name} was not ready after ${timeoutMs} ms:\n${managed.tail()}`);
}

/** One JSON-RPC call over HTTP (no viem: used for readiness probes). */
export async function rpc<T = unknown>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const body = (await response.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}
