#!/usr/bin/env node
// First step of `npm start` and `npm test`: installs the dependencies when they are missing or older
// than package-lock.json (once, with a progress line; nothing when they are installed), and says
// what it cannot install itself. Plain Node built-ins only: it runs before anything is installed,
// on whatever Node runs npm.
//
//   node scripts/install-if-missing.mjs [--browser] [--check] [--root <dir>]
//   --browser  also require Chromium (the end-to-end tests drive it)
//   --check    report what is missing, install nothing (exit 1 when something is)
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { delimiter, join } from "node:path";
import { fileURLToPath } from "node:url";

const args = process.argv.slice(2);
const rootFlag = args.indexOf("--root");
const root = rootFlag === -1 ? fileURLToPath(new URL("..", import.meta.url)) : args[rootFlag + 1];
const checkOnly = args.includes("--check");
const needsBrowser = args.includes("--browser");

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return undefined;
  }
}

/**
 * What the lock asks for that node_modules does not hold, from npm's own record of the tree it
 * installed (node_modules/.package-lock.json). Optional packages (other platforms' binaries) do not count.
 */
function missingPackages() {
  const lock = readJson(join(root, "package-lock.json"));
  if (!lock) return { reason: "package-lock.json is missing or unreadable", packages: [] };
  const installed = readJson(join(root, "node_modules", ".package-lock.json"));
  if (!installed) return { reason: "node_modules is not installed", packages: ["(all)"] };
  const packages = [];
  for (const [path, entry] of Object.entries(lock.packages ?? {})) {
    if (path === "" || entry.optional || entry.link) continue;
    if (installed.packages?.[path]?.version !== entry.version) packages.push(`${path.replace(/^.*node_modules\//, "")}@${entry.version}`);
  }
  return { reason: packages.length ? "node_modules differs from package-lock.json" : undefined, packages };
}

function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return existsSync(process.env.CHROMIUM_PATH) ? process.env.CHROMIUM_PATH : undefined;
  if (existsSync("/usr/bin/chromium")) return "/usr/bin/chromium";
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    const candidate = join(dir, "chromium");
    if (dir && existsSync(candidate)) return candidate;
  }
  return undefined;
}

const CHROMIUM_HELP = [
  "setup: Chromium is not installed, and the end-to-end tests drive it. Install it with",
  "         sudo apt-get update && sudo apt-get install -y chromium      (Debian, Ubuntu)",
  "       or point CHROMIUM_PATH at a Chromium or Chrome binary:",
  "         CHROMIUM_PATH=/path/to/chromium npm test",
].join("\n");

/** Runs npm quietly, printing a line every 15 s so a slow install does not look stuck. */
function runNpm(npmArgs) {
  return new Promise((resolve) => {
    const started = Date.now();
    const output = [];
    const child = spawn(process.platform === "win32" ? "npm.cmd" : "npm", npmArgs, { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    const ticker = setInterval(() => console.log(`setup: still installing (${Math.round((Date.now() - started) / 1000)} s)…`), 15_000);
    child.on("error", (error) => output.push(Buffer.from(String(error))));
    child.on("close", (code) => {
      clearInterval(ticker);
      resolve({ code: code ?? 1, output: Buffer.concat(output).toString(), seconds: Math.round((Date.now() - started) / 1000) });
    });
  });
}

async function main() {
  const missing = missingPackages();
  let failed = false;
  if (missing.reason) {
    const fresh = missing.packages[0] === "(all)";
    const shown = fresh || !missing.packages.length ? "" : `: ${missing.packages.slice(0, 5).join(", ")}${missing.packages.length > 5 ? `, and ${missing.packages.length - 5} more` : ""}`;
    if (checkOnly) {
      console.log(`setup: ${missing.reason}${shown}`);
      failed = true;
    } else {
      // A fresh tree gets exactly the lock (npm ci); a stale one is brought up to it without rewriting the lock.
      const npmArgs = fresh ? ["ci", "--no-audit", "--no-fund"] : ["install", "--no-save", "--no-audit", "--no-fund"];
      console.log(`setup: ${missing.reason}${shown}; running npm ${npmArgs.join(" ")} (about 2 minutes the first time)…`);
      const result = await runNpm(npmArgs);
      if (result.code !== 0) {
        process.stderr.write(result.output);
        console.error(`setup: npm ${npmArgs[0]} failed (exit ${result.code}); its output is above. Fix it, then run the command again.`);
        process.exit(1);
      }
      console.log(`setup: dependencies installed in ${result.seconds} s`);
    }
  }
  if (needsBrowser && !chromiumPath()) {
    console.error(CHROMIUM_HELP);
    failed = true;
  }
  if (failed) process.exit(1);
}

await main();
