import { cpSync, existsSync, mkdirSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { run } from "../../consumers/support/run";
import type { ServerMethod } from "../../../server/method-kit";

const repoRoot = join(import.meta.dirname, "../../..");

/**
 * A method package of test/fixtures copied outside the repository and installed there with its own
 * dependencies (from the npm cache, as the consumer apps are): it resolves nothing from the
 * repository's node_modules but `latch-server/method`, which the test config maps to the contract.
 */
export async function installMethodPackage(name: string): Promise<{ dir: string; load(): Promise<ServerMethod> }> {
  const source = join(repoRoot, "test/fixtures", name);
  const dir = join(process.env.LATCH_CONSUMERS_CACHE ?? join(tmpdir(), "latch-consumers"), "methods", name);
  mkdirSync(dir, { recursive: true });
  for (const entry of readdirSync(source)) if (entry !== "node_modules") cpSync(join(source, entry), join(dir, entry), { recursive: true });
  await run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", "--no-package-lock"], { cwd: dir });
  if (!existsSync(join(dir, "node_modules/arktype/package.json"))) throw new Error(`${name}'s dependencies did not install into ${dir}`);
  return {
    dir,
    load: async () => ((await import(pathToFileURL(join(dir, "server.js")).href)) as { default: ServerMethod }).default,
  };
}

/** Where `specifier` resolves from `dir` (to tell a package's own copy of a library from the repository's). */
export const resolvedFrom = (dir: string, specifier: string): string => createRequire(join(dir, "package.json")).resolve(specifier);
