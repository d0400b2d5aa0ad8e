import { spawn, type ChildProcess } from "node:child_process";

export interface RunOptions {
  cwd: string;
  env?: Record<string, string>;
}

/** Runs a command to its end; rejects with its output when it exits non-zero. */
export function run(command: string, args: string[], { cwd, env }: RunOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(" ")} exited with ${code} in ${cwd}:\n${output}`)),
    );
  });
}

export interface RunningProcess {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

/** Starts a long-running server and waits until `url` answers (any status), or fails with its output. */
export async function startServer(command: string, args: string[], url: string, options: RunOptions, timeoutMs = 120_000): Promise<RunningProcess> {
  const child = spawn(command, args, { cwd: options.cwd, env: { ...process.env, ...options.env }, stdio: ["ignore", "pipe", "pipe"], detached: true });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<never>((_, reject) => child.on("exit", (code) => reject(new Error(`${command} exited with ${code} before serving:\n${output}`))));
  const running: RunningProcess = { url, output: () => output, stop: () => stopTree(child) };
  const deadline = Date.now() + timeoutMs;
  try {
    while (Date.now() < deadline) {
      const answered = await Promise.race([fetch(url).then(() => true, () => false), exited]);
      if (answered) return running;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`${command} did not serve ${url} within ${timeoutMs} ms:\n${output}`);
  } catch (error) {
    await running.stop();
    throw error;
  }
}

/** Stops the process group the server started (npx/next spawn children). */
function stopTree(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      resolve();
    }
  });
}
