// The published code's comments reach apps (in the .d.ts and the sources maps): they must not cite a
// document apps do not have.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { publishedSourceFiles, repoRoot } from "./published-sources";



describe("published comments", () => {
  it("cite no section of the internal spec (§N)", () => {
    const citing = publishedSourceFiles()
      .flatMap((file) => readFileSync(join(repoRoot, file), "utf8").split("\n").map((line, i) => [`${file}:${i + 1}`, line] as const))
      .filter(([, line]) => /§\s*\d/.test(line))
      .map(([where]) => where);
    expect(citing).toEqual([]);
  });
});
