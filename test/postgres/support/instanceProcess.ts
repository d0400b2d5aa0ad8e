import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

export interface InstanceProcess {
  url: string;
  /** The server's own process id (as it reports it). */
  pid: number;
  child: ChildProcess;
  /** SIGKILL: no shutdown, no flush, like a crashed machine. */
  kill9(): Promise<void>;
  stop(): Promise<void>;
}

const MAIN = fileURLToPath(new URL("./instance-main.ts", import.meta.url));

/**
 * Signals the instance's whole process group: the server and what it started (tsx's esbuild
 * service), so a killed instance leaves nothing running, listening or holding the database.
 */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    child.kill(signal); // the group is gone already
  }
}

/** Starts a server instance in a child process (one node process, its own process group) and waits for its URL. */
export function spawnInstance(env: Record<string, string>): Promise<InstanceProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", MAIN], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"], detached: true });
  let errors = "";
  child.stderr!.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signalGroup(child, "SIGKILL");
      reject(new Error(`instance did not start in 60 s: ${errors}`));
    }, 60_000);
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split("\n").find((l) => l.startsWith("{"));
      if (!line) return;
      clearTimeout(timer);
      const { url, pid } = JSON.parse(line) as { url: string; pid: number };
      resolve({
        url,
        pid,
        child,
        kill9: async () => {
          signalGroup(child, "SIGKILL");
          await exited;
        },
        stop: async () => {
          if (child.exitCode === null && child.signalCode === null) signalGroup(child, "SIGTERM");
          await exited;
          // Whatever the server started and left behind goes too.
          signalGroup(child, "SIGKILL");
        },
      });
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`instance exited (${code}) before it listened: ${errors}`));
    });
  });
}
