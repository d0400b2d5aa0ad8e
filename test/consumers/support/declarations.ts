import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import ts from "typescript";

interface Manifest {
  name: string;
  exports: Record<string, { types: string }>;
}

export interface DeclarationGraph {
  /** The .d.ts files an app's compiler reads from these entries, relative to the package folder. */
  files: string[];
  /** Each module specifier outside the package (`viem`, `@solana/kit`, `types:node`) → the first file that names it. */
  external: Map<string, string>;
}

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
export const packageOf = (specifier: string) => specifier.split("/").slice(0, specifier.startsWith("@") ? 2 : 1).join("/");

/** "." → "latch-kit", "./react" → "latch-kit/react": the specifier an app imports. */
export const entrySpecifier = (manifest: Manifest, exportName: string) => (exportName === "." ? manifest.name : `${manifest.name}/${exportName.slice(2)}`);

/**
 * Follows the published declarations from some of the package's `exports` as a compiler does: every
 * import, `import("…")` type, `export … from` and triple-slash reference, relative ones and the
 * package's own entries resolved inside the package, the rest recorded as external.
 */
export function declarationGraph(packageDir: string, exportNames: string[]): DeclarationGraph {
  const manifest = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as Manifest;
  const entries = new Map(Object.entries(manifest.exports).map(([name, target]) => [entrySpecifier(manifest, name), join(packageDir, target.types)]));
  const resolveLocal = (from: string, specifier: string): string | undefined => {
    if (entries.has(specifier)) return entries.get(specifier);
    if (!specifier.startsWith(".")) return undefined;
    const base = join(dirname(from), specifier);
    const candidates = [base.replace(/\.js$/, ".d.ts"), `${base}.d.ts`, join(base, "index.d.ts")].filter((path) => path.endsWith(".d.ts"));
    const found = candidates.find((path) => existsSync(path));
    if (!found) throw new Error(`${relative(packageDir, from)} imports ${specifier}, which the package does not contain`);
    return found;
  };
  const seen = new Set<string>();
  const external = new Map<string, string>();
  const queue = exportNames.map((name) => join(packageDir, manifest.exports[name]!.types));
  while (queue.length) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const info = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    const references = [
      ...info.importedFiles.map((ref) => ref.fileName),
      ...info.typeReferenceDirectives.map((ref) => `types:${ref.fileName}`),
      ...info.libReferenceDirectives.map((ref) => `lib:${ref.fileName}`),
    ];
    for (const specifier of references) {
      const local = specifier.includes(":") ? undefined : resolveLocal(file, specifier);
      if (local) queue.push(local);
      else if (!external.has(specifier)) external.set(specifier, relative(packageDir, file));
    }
  }
  return { files: [...seen].map((file) => relative(packageDir, file)).sort(), external };
}
