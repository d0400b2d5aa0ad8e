import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

export interface InstanceProcess {
  url: string;
  child: ChildProcess;
  /** SIGKILL: no shutdown, no flush, like a crashed machine. */
  kill9(): Promise<void>;
  stop(): Promise<void>;
}

const MAIN = fileURLToPath(new URL("./instance-main.ts", import.meta.url));
const TSX = fileURLToPath(new URL("../../../node_modules/.bin/tsx", import.meta.url));

/** Starts a server instance in a child process and waits for its URL. */
export function spawnInstance(env: Record<string, string>): Promise<InstanceProcess> {
  const child = spawn(TSX, [MAIN], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let errors = "";
  child.stderr!.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`instance did not start in 60 s: ${errors}`));
    }, 60_000);
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split("\n").find((l) => l.startsWith("{"));
      if (!line) return;
      clearTimeout(timer);
      const { url } = JSON.parse(line) as { url: string };
      resolve({
        url,
        child,
        kill9: async () => {
          child.kill("SIGKILL");
          await exited;
        },
        stop: async () => {
          if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
          await exited;
        },
      });
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`instance exited (${code}) before it listened: ${errors}`));
    });
  });
}
