import { spawn, execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { cacheDir, newestChange, repoRoot } from "./package";
import { run } from "./run";

/** The machine's own Node (not the repository's pinned Node 22): what an operator runs the server on. */
export const SYSTEM_NODE = process.env.LATCH_SYSTEM_NODE ?? "/usr/bin/node";

const SERVER_INPUTS = ["server", "wire", "lib", "plugins", "core", "scripts/build-server.mjs", "package.json", "docs"];

/** `npm run build:server` (skipped when dist-server/ is newer than its sources) and `npm pack ./dist-server`, named by content hash. */
export async function buildAndPackServer(): Promise<string> {
  const built = newestChange(join(repoRoot, "dist-server"));
  const sources = Math.max(...SERVER_INPUTS.map((input) => newestChange(join(repoRoot, input))));
  if (built < sources) await run("npm", ["run", "build:server"], { cwd: repoRoot });
  const packDir = join(cacheDir, "pack-server");
  rmSync(packDir, { recursive: true, force: true });
  mkdirSync(packDir, { recursive: true });
  await run("npm", ["pack", "./dist-server", "--pack-destination", packDir], { cwd: repoRoot });
  const [packed] = readdirSync(packDir);
  const hash = createHash("sha256").update(readFileSync(join(packDir, packed!))).digest("hex").slice(0, 12);
  const tarball = join(packDir, `latch-server-${hash}.tgz`);
  renameSync(join(packDir, packed!), tarball);
  return tarball;
}

/**
 * The environment of an operator's shell: the system Node first on PATH (so `npx latch-server` and its
 * `#!/usr/bin/env node` run on it), nothing of the repository's node_modules/.bin.
 */
export function operatorEnv(extra: Record<string, string> = {}): Record<string, string> {
  const path = ["/usr/local/sbin", "/usr/local/bin", "/usr/sbin", "/usr/bin", "/sbin", "/bin"];
  const env: Record<string, string> = { PATH: [SYSTEM_NODE.replace(/\/node$/, ""), ...path].join(":") };
  for (const name of ["HOME", "TMPDIR", "npm_config_cache"]) if (process.env[name]) env[name] = process.env[name]!;
  return { ...env, ...extra };
}

export interface ServerFolder {
  /** The operator's folder (outside the repository): package.json, node_modules, later latch.config.mjs. */
  dir: string;
  /** How long `npm install` took (ms), and the size of node_modules (bytes). */
  installMs: number;
  nodeModulesBytes: number;
  /** `npx latch-server <args>` on the system Node, to its end. */
  command(args: string[], env?: Record<string, string>): Promise<string>;
}

/**
 * A fresh operator folder `name` in the install cache with the packed server installed by npm
 * (`dependencies` adds more packages, e.g. a method's tarball). Config and key files from an earlier
 * run are removed; node_modules stays unless the manifest changed.
 */
export async function installServerFolder(tarball: string, name = "latch-server", dependencies: Record<string, string> = {}): Promise<ServerFolder> {
  const dir = join(cacheDir, "operators", name);
  mkdirSync(dir, { recursive: true });
  for (const file of ["latch.config.mjs", "latch.config.js", "latch.config.json", "latch.kek", "latch.api-keys", ".gitignore", ".latch-server", "check.ts", "tsconfig.check.json"]) {
    rmSync(join(dir, file), { recursive: true, force: true });
  }
  const manifest = { name: `operator-${name}`, private: true, type: "module", dependencies: { "latch-server": `file:${tarball}`, ...dependencies } };
  writeFileSync(join(dir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  const env = operatorEnv();
  const install = () => run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline"], { cwd: dir, env });
  const started = performance.now();
  await install().catch(() => {
    rmSync(join(dir, "node_modules"), { recursive: true, force: true });
    rmSync(join(dir, "package-lock.json"), { force: true });
    return install();
  });
  const installMs = Math.round(performance.now() - started);
  if (!existsSync(join(dir, "node_modules/latch-server/package.json"))) throw new Error(`latch-server did not install into ${dir}`);
  const nodeModulesBytes = Number(execFileSync("du", ["-sb", join(dir, "node_modules")], { encoding: "utf8" }).split("\t")[0]);
  return { dir, installMs, nodeModulesBytes, command: (args, extra = {}) => run("npx", ["--no-install", "latch-server", ...args], { cwd: dir, env: operatorEnv(extra) }) };
}

export interface StartedServer {
  url: string;
  /** The "listening" log line (node version, pid, methods…). */
  listening: Record<string, unknown>;
  /** From spawn to `/ready` answering 200. */
  readyMs: number;
  output(): string;
  /** Resident memory of the server process now (kB), from /proc. */
  rssKb(): number;
  stop(): Promise<number | null>;
}

/** `npx latch-server start` (or `node <cli> start` with another Node) in the folder; resolves once /ready says 200. */
export async function startInstalledServer(folder: ServerFolder, env: Record<string, string>, node?: string): Promise<StartedServer> {
  const port = env.PORT;
  if (!port) throw new Error("startInstalledServer needs PORT");
  const started = performance.now();
  const [command, args] = node ? [node, [join(folder.dir, "node_modules/latch-server/dist/cli.js"), "start"]] : ["npx", ["--no-install", "latch-server", "start"]];
  const child = spawn(command, args, { cwd: folder.dir, env: operatorEnv(env), stdio: ["ignore", "pipe", "pipe"], detached: true });
  let text = "";
  let listening: Record<string, unknown> | undefined;
  child.stdout!.on("data", (chunk: Buffer) => {
    text += chunk.toString();
    for (const line of text.split("\n")) {
      if (!line.startsWith("{")) continue;
      try {
        const entry = JSON.parse(line) as Record<string, unknown>;
        if (entry.msg === "listening") listening = entry;
      } catch {
        /* a partial line */
      }
    }
  });
  child.stderr!.on("data", (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let gone = false;
  void exited.then(() => (gone = true));
  const url = `http://localhost:${port}`;
  const stop = async () => {
    if (!gone) process.kill(-child.pid!, "SIGTERM");
    return exited;
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (gone) throw new Error(`latch-server exited before it was ready:\n${text}`);
    const ready = await fetch(`${url}/ready`).then((r) => r.status === 200, () => false);
    if (ready && listening) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`latch-server was not ready within 120 s:\n${text}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const readyMs = Math.round(performance.now() - started);
  const pid = Number(listening.pid);
  return {
    url,
    listening,
    readyMs,
    output: () => text,
    rssKb: () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]),
    stop,
  };
}

/** Bytes as MB with one decimal. */
export const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
