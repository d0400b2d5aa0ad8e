// What the published code imports must be declared: an undeclared package works here only because
// another dependency happens to bring it, and an app's install may not (rollup also bundles, instead
// of sharing, whatever it does not find among the declared dependencies).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { isServerPart } from "./published-sources";
import { describe, expect, it } from "vitest";

const root = process.cwd(); // vitest runs from the repository root
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { name: string; dependencies: Record<string, string>; peerDependencies: Record<string, string> };

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
const packageOf = (specifier: string) => specifier.split("/").slice(0, specifier.startsWith("@") ? 2 : 1).join("/");

describe("package dependencies", () => {
  it("declares every package the published code imports (static or dynamic)", () => {
    const declared = new Set([pkg.name, ...Object.keys(pkg.dependencies), ...Object.keys(pkg.peerDependencies)]);
    const undeclared = new Map<string, string>();
    for (const file of ["core", "lib", "renderer", "plugins", "integrations"].flatMap(sourceFiles).filter((path) => !isServerPart(path))) {
      const text = readFileSync(join(root, file), "utf8");
      // The keyword stands alone (not the end of a path such as "/frames/import"), the specifier is one token.
      for (const [, specifier] of text.matchAll(/(?<![\w/.$])(?:from|import)\s*\(?\s*"([^".;\s][^"\s]*)"/g)) {
        const name = packageOf(specifier!);
        if (!name.startsWith("node:") && !declared.has(name)) undeclared.set(name, file);
      }
    }
    expect(Object.fromEntries(undeclared)).toEqual({});
  });
});
