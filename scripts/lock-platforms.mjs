#!/usr/bin/env node
// Makes package-lock.json acceptable to `npm ci` on every platform.
//
// Some dependencies (rollup, esbuild, anvil, litesvm) ship their binaries as one optional package
// per platform. `npm install` in a tree that already has node_modules drops the other platforms'
// entries from the lock (npm/cli#4828), and the registry here does not serve every platform
// package (litesvm's darwin builds). `npm ci` then refuses the lock: "Missing: …-darwin-… from lock
// file". This script (1) re-resolves the lock alone, without node_modules, which restores the
// entries the registry serves, then (2) records any entry still missing with the platform read
// from its name, so npm skips it on other platforms without fetching it.
//
// Run after adding or upgrading a dependency: `npm run lock:platforms`. `--check` only reports;
// `--root <dir>` works on another checkout.
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const rootFlag = process.argv.indexOf("--root");
const root = rootFlag === -1 ? fileURLToPath(new URL("..", import.meta.url)) : process.argv[rootFlag + 1];
const lockPath = join(root, "package-lock.json");
const checkOnly = process.argv.includes("--check");

const OS = ["darwin", "linux", "win32", "freebsd", "openbsd", "netbsd", "sunos", "aix", "android", "openharmony"];
const CPU = { x64: "x64", amd64: "x64", arm64: "arm64", aarch64: "arm64", arm: "arm", ia32: "ia32", loong64: "loong64",
  ppc64: "ppc64", riscv64: "riscv64", s390x: "s390x", mips64el: "mips64el" };

/** The os/cpu/libc a platform package targets, read from its name (`litesvm-linux-arm64-musl`). */
function platformOf(name) {
  const parts = name.split("/").pop().split("-");
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.map((p) => CPU[p]).find(Boolean);
  if (!os || !cpu) return undefined;
  const libc = parts.includes("musl") || parts.includes("musleabihf") ? "musl"
    : parts.includes("gnu") || parts.includes("gnueabihf") ? "glibc" : undefined;
  return { os: [os], cpu: [cpu], ...(libc && os === "linux" ? { libc: [libc] } : {}) };
}

/** Optional platform dependencies a locked package declares but the lock has no entry for. */
function missingPlatformEntries(lock) {
  const packages = lock.packages;
  const missing = [];
  for (const [path, entry] of Object.entries(packages)) {
    for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
      const base = path === "" ? "node_modules" : `${path}/node_modules`;
      const candidates = [`${base}/${dep}`, `node_modules/${dep}`];
      if (candidates.some((c) => packages[c])) continue;
      const platform = platformOf(dep);
      if (platform) missing.push({ key: `node_modules/${dep}`, dep, version, parent: entry, platform });
    }
  }
  return missing;
}

function withEntries(lock, missing) {
  const packages = { ...lock.packages };
  for (const { key, dep, version, parent, platform } of missing) {
    packages[key] = {
      version,
      resolved: `https://registry.npmjs.org/${dep}/-/${dep.split("/").pop()}-${version}.tgz`,
      ...platform,
      ...(parent.dev ? { dev: true } : {}),
      optional: true,
      ...(parent.engines ? { engines: parent.engines } : {}),
    };
  }
  const [rootKey, ...rest] = Object.keys(packages);
  const sorted = { [rootKey]: packages[rootKey] };
  for (const key of rest.sort((a, b) => a.localeCompare(b, "en"))) sorted[key] = packages[key];
  return { ...lock, packages: sorted };
}

function reresolved() {
  const dir = mkdtempSync(join(tmpdir(), "latch-lock-"));
  try {
    copyFileSync(join(root, "package.json"), join(dir, "package.json"));
    copyFileSync(lockPath, join(dir, "package-lock.json"));
    execFileSync("npm", ["install", "--package-lock-only", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"],
      { cwd: dir, stdio: ["ignore", "ignore", "inherit"] });
    return JSON.parse(readFileSync(join(dir, "package-lock.json"), "utf8"));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function main() {
  const current = JSON.parse(readFileSync(lockPath, "utf8"));
  if (checkOnly) {
    const missing = missingPlatformEntries(current);
    for (const m of missing) console.error(`lock: no entry for ${m.dep}@${m.version}`);
    if (missing.length) {
      console.error("lock: npm ci will refuse this lock; run `npm run lock:platforms`");
      process.exit(1);
    }
    console.log("lock: every platform package is recorded");
  } else {
    const lock = reresolved();
    const missing = missingPlatformEntries(lock);
    const next = withEntries(lock, missing);
    writeFileSync(lockPath, `${JSON.stringify(next, null, 2)}\n`);
    const added = Object.keys(next.packages).length - Object.keys(current.packages).length;
    console.log(`lock: ${added} entries added (${missing.length} recorded by name: ${missing.map((m) => m.dep).join(", ") || "none"})`);
  }
}

main();
