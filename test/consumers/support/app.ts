import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { cacheDir, repoRoot } from "./package";
import { run } from "./run";

const GENERATED = new Set(["node_modules", "dist", ".next", "package-lock.json", "next-env.d.ts"]);

/**
 * Copies a consumer app's sources (test/consumers/<name>) into the install cache and installs it
 * with the packed tarball (and `dependencies`, e.g. a method package's tarball). node_modules and the
 * lock stay between runs, so only a changed package or a changed app manifest costs an install.
 */
export async function installApp(name: string, tarball: string, dependencies: Record<string, string> = {}): Promise<string> {
  const source = join(repoRoot, "test/consumers", name);
  const dir = join(cacheDir, "apps", name);
  mkdirSync(dir, { recursive: true });
  // The cache keeps only what installs; sources come afresh, so a file an earlier run left is not type-checked.
  for (const entry of readdirSync(dir)) {
    if (!GENERATED.has(entry)) rmSync(join(dir, entry), { recursive: true, force: true });
  }
  for (const entry of readdirSync(source)) {
    if (!GENERATED.has(entry)) cpSync(join(source, entry), join(dir, entry), { recursive: true });
  }
  const manifest = JSON.parse(readFileSync(join(source, "package.json"), "utf8")) as { dependencies: Record<string, string> };
  Object.assign(manifest.dependencies, dependencies, { "latch-kit": `file:${tarball}` });
  writeFileSync(join(dir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  const install = () => run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline"], { cwd: dir });
  // A cached tree from an older package (other dependencies or peers) can conflict: start it afresh.
  await install().catch(() => {
    rmSync(join(dir, "node_modules"), { recursive: true, force: true });
    rmSync(join(dir, "package-lock.json"), { force: true });
    return install();
  });
  if (!existsSync(join(dir, "node_modules/latch-kit/package.json"))) throw new Error(`latch-kit did not install into ${dir}`);
  return dir;
}

/** Runs one of the app's own binaries (tsc, vite, next) in the app. */
export const runIn = (dir: string, bin: string, args: string[], env?: Record<string, string>) =>
  run(join(dir, "node_modules/.bin", bin), args, { cwd: dir, ...(env ? { env } : {}) });
