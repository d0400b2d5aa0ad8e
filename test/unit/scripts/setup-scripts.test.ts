// The newcomer path: `npm start` / `npm test` install what is missing (scripts/install-if-missing.mjs),
// and the lock keeps every platform's optional binaries so `npm ci` accepts it (scripts/lock-platforms.mjs).
import { afterEach, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const repo = process.cwd(); // vitest runs from the repository root
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

interface Lock {
  packages: Record<string, { version?: string; optional?: boolean }>;
}

function checkout(lock: Lock, installed?: Lock): string {
  const dir = mkdtempSync(join(tmpdir(), "latch-setup-"));
  dirs.push(dir);
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "x", version: "1.0.0" }));
  writeFileSync(join(dir, "package-lock.json"), JSON.stringify(lock));
  if (installed) {
    mkdirSync(join(dir, "node_modules"));
    writeFileSync(join(dir, "node_modules", ".package-lock.json"), JSON.stringify(installed));
  }
  return dir;
}

function run(script: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const result = spawnSync(process.execPath, [join(repo, "scripts", script), ...args], { encoding: "utf8", env: { ...process.env, ...env } });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

const lock: Lock = {
  packages: {
    "": {},
    "node_modules/viem": { version: "2.57.1" },
    "node_modules/rollup-darwin-arm64": { version: "4.0.0", optional: true },
  },
};

describe("install-if-missing", () => {
  it("does nothing and says nothing when node_modules holds what the lock asks for (other platforms' optional binaries aside)", () => {
    const dir = checkout(lock, { packages: { "node_modules/viem": { version: "2.57.1" } } });
    expect(run("install-if-missing.mjs", ["--check", "--root", dir])).toEqual({ code: 0, output: "" });
  });

  it("reports a fresh checkout, and names the packages a stale node_modules lacks", () => {
    const fresh = run("install-if-missing.mjs", ["--check", "--root", checkout(lock)]);
    expect(fresh).toEqual({ code: 1, output: "setup: node_modules is not installed\n" });
    const stale = run("install-if-missing.mjs", ["--check", "--root", checkout(lock, { packages: { "node_modules/viem": { version: "2.40.0" } } })]);
    expect(stale).toEqual({ code: 1, output: "setup: node_modules differs from package-lock.json: viem@2.57.1\n" });
  });

  it("says how to install Chromium when the tests need it and it is not there", () => {
    const dir = checkout(lock, lock);
    const result = run("install-if-missing.mjs", ["--browser", "--root", dir], { CHROMIUM_PATH: join(dir, "no-chromium") });
    expect(result.code).toBe(1);
    expect(result.output).toContain("Chromium is not installed");
    expect(result.output).toContain("sudo apt-get update && sudo apt-get install -y chromium");
    expect(result.output).toContain("CHROMIUM_PATH=/path/to/chromium npm test");
  });
});

describe("lock-platforms", () => {
  it("accepts this repository's lock: every platform binary a package declares has an entry, so npm ci takes it", () => {
    expect(run("lock-platforms.mjs", ["--check", "--root", repo])).toEqual({ code: 0, output: "lock: every platform package is recorded\n" });
  });

  it("names the platform packages a lock lacks", () => {
    const real = JSON.parse(readFileSync(join(repo, "package-lock.json"), "utf8")) as Lock;
    delete real.packages["node_modules/@rollup/rollup-darwin-arm64"];
    const dir = checkout(real);
    const result = run("lock-platforms.mjs", ["--check", "--root", dir]);
    expect(result.code).toBe(1);
    expect(result.output).toContain("lock: no entry for @rollup/rollup-darwin-arm64@");
    expect(result.output).toContain("run `npm run lock:platforms`");
  });
});
