import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { run } from "./run";

export const repoRoot = join(import.meta.dirname, "../../..");
// Outside the repository, so an app resolves nothing (packages, @types) from the repository's own
// node_modules: it gets only what its own install brought. CI keeps it between runs.
export const cacheDir = process.env.LATCH_CONSUMERS_CACHE ?? join(tmpdir(), "latch-consumers");

const BUILD_INPUTS = ["core", "renderer", "plugins", "integrations", "package.json", "rollup.config.mjs", "tsconfig.build.json"];

export function newestChange(path: string): number {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestChange(join(path, name))));
}

/**
 * `npm run build` (skipped when dist/ is newer than every source) and `npm pack`. The tarball is named
 * by its content hash, so an app's cached install sees a new package as a new dependency.
 */
export async function buildAndPack(): Promise<string> {
  const built = newestChange(join(repoRoot, "dist"));
  const sources = Math.max(...BUILD_INPUTS.map((input) => newestChange(join(repoRoot, input))));
  if (built < sources) await run("npm", ["run", "build"], { cwd: repoRoot });
  const packDir = join(cacheDir, "pack");
  rmSync(packDir, { recursive: true, force: true });
  mkdirSync(packDir, { recursive: true });
  // Built just above when stale: prepack would build again.
  await run("npm", ["pack", "--ignore-scripts", "--pack-destination", packDir], { cwd: repoRoot });
  const [packed] = readdirSync(packDir);
  const hash = createHash("sha256").update(readFileSync(join(packDir, packed!))).digest("hex").slice(0, 12);
  const tarball = join(packDir, `latch-kit-${hash}.tgz`);
  renameSync(join(packDir, packed!), tarball);
  return tarball;
}
