// The package's published sources (what rollup and tsc build into dist), for tests that read them.
import { readdirSync } from "node:fs";
import { join } from "node:path";

export const repoRoot = process.cwd(); // vitest runs from the repository root
export const PUBLISHED_DIRS = ["core", "lib", "wire", "renderer", "plugins", "integrations"];

function sourceFiles(dir: string): string[] {
  return readdirSync(join(repoRoot, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

/** A method's server part (plugins/<m>/server, lib/<x>/server): the server's code, left out of the package build. */
export const isServerPart = (path: string): boolean => /^(plugins|lib)\/[^/]+\/server\//.test(path);

/** Paths relative to the repository root, e.g. `core/kit.ts`. */
export const publishedSourceFiles = (): string[] => PUBLISHED_DIRS.flatMap(sourceFiles).filter((path) => !isServerPart(path));
