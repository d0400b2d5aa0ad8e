import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
// The server needs its public URL, port included, before it starts: a free port is picked first.
import { freePort } from "../../e2e/support/wallets/anvil";

const root = fileURLToPath(new URL("../../../", import.meta.url));

export const API_KEY = "test-api-key-0123456789abcdef";
/** The operator's token for /metrics (LATCH_METRICS_TOKEN) every test server gets unless it says otherwise. */
export const METRICS_TOKEN = "metrics-token-0123456789abcdef";

export { freePort };

export interface ProductionProcess {
  url: string;
  port: number;
  pid: number;
  /** Every stdout line parsed as JSON (pino), and the raw text of both streams. */
  logs: Record<string, unknown>[];
  output(): string;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
}

/** The environment a production process gets: nothing from this process but PATH, HOME and TMPDIR. */
function baseEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of ["PATH", "HOME", "TMPDIR"]) if (process.env[name]) env[name] = process.env[name]!;
  return env;
}

function spawnServer(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", "server/serverCli.ts"], { cwd: root, env: { ...baseEnv(), ...env }, stdio: ["ignore", "pipe", "pipe"] });
}

/** The minimal valid production environment, on a free port with its own data dir; `env` adds or overrides. */
export async function productionEnv(env: Record<string, string | undefined> = {}): Promise<{ env: Record<string, string>; port: number; dataDir: string; ownDataDir: boolean }> {
  const port = await freePort();
  const dataDir = env.LATCH_DATA_DIR ?? mkdtempSync(join(tmpdir(), "latch-server-test-"));
  const merged: Record<string, string | undefined> = {
    PORT: String(port),
    LATCH_PUBLIC_URL: `http://localhost:${port}`,
    LATCH_ALLOWED_ORIGINS: "http://localhost:5173",
    LATCH_SECRET_KEY: Buffer.alloc(32, 7).toString("base64"),
    LATCH_API_KEYS: API_KEY,
    LATCH_METRICS_TOKEN: METRICS_TOKEN,
    LATCH_DATA_DIR: dataDir,
    ...env,
  };
  const clean: Record<string, string> = {};
  for (const [name, value] of Object.entries(merged)) if (value !== undefined) clean[name] = value;
  return { env: clean, port: Number(clean.PORT), dataDir, ownDataDir: env.LATCH_DATA_DIR === undefined };
}

/** Starts `npm run server`'s entry as a subprocess configured by env vars only; resolves once it logs "listening". A given LATCH_DATA_DIR is kept. */
export async function startProduction(env: Record<string, string | undefined> = {}): Promise<ProductionProcess> {
  const prepared = await productionEnv(env);
  const child = spawnServer(prepared.env);
  const logs: Record<string, unknown>[] = [];
  let text = "";
  let pending = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const listening = new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      pending += chunk.toString();
      const lines = pending.split("\n");
      pending = lines.pop()!;
      for (const line of lines) {
        try {
          const entry = JSON.parse(line) as Record<string, unknown>;
          logs.push(entry);
          if (entry.msg === "listening") resolve();
        } catch {
          /* not a log line */
        }
      }
    });
    child.stderr!.on("data", (chunk: Buffer) => (text += chunk.toString()));
    void exited.then((code) => reject(new Error(`the production server exited (${code}) before listening:\n${text}`)));
  });
  await listening;
  return {
    url: `http://localhost:${prepared.port}`,
    port: prepared.port,
    pid: child.pid!,
    logs,
    output: () => text,
    async stop() {
      child.kill("SIGTERM");
      const code = await exited;
      if (prepared.ownDataDir) rmSync(prepared.dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

/** Runs the entry with exactly this environment (plus PATH/HOME/TMPDIR) and waits for it to exit. */
export function runToExit(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawnServer(env);
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
  return new Promise((resolve) =>
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    }),
  );
}

export function signer(server: ProductionProcess, route: string, body: unknown, headers: Record<string, string> = { authorization: `Bearer ${API_KEY}` }) {
  return fetch(`${server.url}/signer/v1/${route}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
}
