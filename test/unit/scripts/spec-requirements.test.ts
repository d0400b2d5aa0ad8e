// scripts/spec-requirements.mjs cuts the spec into atomic requirements: bullets, numbered items,
// table rows (not headers), sentences (not inside a quoted text); test/conformance/MAPPING.txt names
// the test that asserts each row, and REQUIREMENTS.md is the table the script writes from both.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error -- a plain .mjs script of the repository, no types
import { checkMapping, parseMapping, renderTable, requirements, rowsOfTable, sentences, testTitles } from "../../../scripts/spec-requirements.mjs";

const repo = join(import.meta.dirname, "../../..");
const read = (path: string) => readFileSync(join(repo, path), "utf8");

describe("spec-requirements", () => {
  it("cuts sentences at '. ' before a capital, never inside a quoted text or at a user's apostrophe", () => {
    expect(sentences("Title 'check your email. Now'. The user's code resets. ok")).toEqual(["Title 'check your email. Now'.", "The user's code resets. ok"]);
  });

  it("makes one requirement per bullet, numbered item, table row and sentence, numbered within its section", () => {
    const spec = [
      "# Title",
      "Intro is not a requirement.",
      "## 2. Screens",
      "### The dialog",
      "- It is a modal. Escape closes it.",
      "  - nested item;",
      "1. First step.",
      "| Step | What |",
      "|---|---|",
      "| initial | Title 'Sign in'. |",
      "## 9. Constants",
      "| Name | Value |",
      "| --- | --- |",
      "| Resent indicator | 2000 ms |",
    ].join("\n");
    expect(requirements(spec).map((r: { id: string; text: string }) => `${r.id} ${r.text}`)).toEqual([
      "2.1 It is a modal.",
      "2.2 Escape closes it.",
      "2.3 nested item;",
      "2.4 First step.",
      "2.5 initial — Title 'Sign in'.",
      "9.1 Resent indicator — 2000 ms",
    ]);
  });

  it("MAPPING.txt names only tests that exist (file › exact title) and README texts it has; REQUIREMENTS.md is what the script writes", () => {
    const table = read("test/conformance/REQUIREMENTS.md");
    const rows = rowsOfTable(table);
    expect(rows).toHaveLength(506);
    const { entries, problems } = parseMapping(read("test/conformance/MAPPING.txt"));
    expect(problems).toEqual([]);
    expect(checkMapping(entries, rows, testTitles(join(repo, "test")), read("README.md"))).toEqual([]);
    expect(renderTable(rows, entries), "stale: run node scripts/spec-requirements.mjs").toBe(table);
  });

  it("refuses a title no test of that file has, a missing file, an id that is no row, a README text it lacks, a malformed line", () => {
    const rows = [{ id: "2.1", text: "It is a modal." }];
    const titles = [{ file: "e2e/dialog.test.ts", title: "closes on Escape" }];
    const { entries, problems } = parseMapping(
      ["# a comment", "2.1 e2e/dialog.test.ts › closes on Escape", "2.1 e2e/dialog.test.ts › closes on Esc", "2.1 e2e/nope.test.ts › closes on Escape", "7.7 e2e/dialog.test.ts › closes on Escape", "2.1 README › a choice we never made", "2.1 just words"].join("\n"),
    );
    expect(problems).toEqual(["MAPPING.txt:7: no ' › ' between the file and the title"]);
    expect(checkMapping(entries, rows, titles, "# README\n- Choices: we chose this.")).toEqual([
      "MAPPING.txt:3: e2e/dialog.test.ts has no test titled 'closes on Esc'",
      "MAPPING.txt:4: no test file test/e2e/nope.test.ts",
      "MAPPING.txt:5: 7.7 is no requirement row",
      "MAPPING.txt:6: README.md does not say 'a choice we never made'",
    ]);
    expect(renderTable(rows, entries.slice(0, 1))).toContain("| 2.1 | It is a modal. | e2e/dialog.test.ts › closes on Escape |");
  });
});
