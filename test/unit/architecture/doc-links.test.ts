// Every relative link of the repository's Markdown leads to a file that is in the repository (the
// server package's build checks the same of the guides it ships, as they sit in the package).
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const root = process.cwd(); // vitest runs from the repository root

function markdownFiles(): string[] {
  const listed = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "*.md"], { cwd: root, encoding: "utf8" });
  return listed.split("\n").filter((file) => file && existsSync(join(root, file)));
}

describe("documentation links", () => {
  it("every relative link in a Markdown file resolves inside the repository", () => {
    const broken: string[] = [];
    for (const file of markdownFiles()) {
      const text = readFileSync(join(root, file), "utf8");
      for (const [, target] of text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
        if (/^[a-z][a-z+.-]*:/i.test(target!)) continue;
        const path = join(root, dirname(file), target!);
        if (!existsSync(path) || relative(root, path).startsWith("..")) broken.push(`${file} → ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
