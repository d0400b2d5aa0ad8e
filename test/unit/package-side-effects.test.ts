// With "sideEffects" an app's bundler drops an `import "pkg"` kept only for what it does on load
// (a polyfill) unless its file is declared; Vite 8 does, and the production page is then blank.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = process.cwd();
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { sideEffects: boolean | string[] };

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

const distFileOf = (source: string) => `./dist/${source.replace(/\.tsx?$/, ".js")}`;

describe("package sideEffects", () => {
  it("declares exactly the published files that import a package for its side effects", () => {
    const needed = ["core", "lib", "renderer", "plugins", "integrations"]
      .flatMap(sourceFiles)
      .filter((file) => /^import\s+"[^".][^"]*";/m.test(readFileSync(join(root, file), "utf8")))
      .map(distFileOf);
    // Exactly: "true" or extra files would keep whole unused modules in an app's bundle. Today no
    // file needs one (the kit loads no polyfill), so the package declares none.
    expect(pkg.sideEffects).toEqual(needed.length ? needed.sort() : false);
  });
});
