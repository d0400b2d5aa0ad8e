// The spec's atomic requirements, one row each, with the tests that name them: a reviewer checks
// coverage mechanically. Usage: node scripts/spec-requirements.mjs [path/to/SPEC.md] > test/conformance/REQUIREMENTS.md
//
// Atomic: each bullet, numbered item and table row of SPEC.md (a table's header row aside), cut into
// its sentences; each item of a list is its own row. A row's tests are the test titles (it/test) under
// test/ that carry one of its quoted texts ('…') or, for a §9 figure, its number with its unit; rows
// the README's choices cover say so. Rows with neither are listed as such: the work still to do.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

/** A quoted text of the spec: 'like this' (an apostrophe inside a word, as in user's, is not a quote). */
const QUOTED = /(^|[\s(])'([^']+?)'(?=[\s.,;:)]|$)/g;

/** Splits text into sentences at '. ' before an upper-case letter, never inside a quoted text. */
export function sentences(text) {
  const kept = [];
  const masked = text.replace(QUOTED, (_whole, before, quote) => `${before}\u{E000}${kept.push(quote) - 1}\u{E000}`);
  return masked
    .split(/(?<=\.)\s+(?=[A-Z(\u{E000}])/u)
    .map((part) => part.replace(/\u{E000}(\d+)\u{E000}/gu, (_m, i) => `'${kept[Number(i)]}'`).trim())
    .filter(Boolean);
}

/** The requirements of the spec: { id, section, text }. */
export function requirements(markdown) {
  const rows = [];
  let section = "";
  let heading = "";
  let count = 0;
  const add = (text) => {
    for (const sentence of sentences(text)) {
      if (sentence.length < 3) continue;
      rows.push({ id: `${section}.${++count}`, section: `§${section} ${heading}`, text: sentence });
    }
  };
  const all = markdown.split("\n");
  const isSeparator = (line) => /^\s*\|(\s*:?-+:?\s*\|)+\s*$/.test(line ?? "");
  for (const [index, raw] of all.entries()) {
    const line = raw.trimEnd();
    // A table's header row (the one above its separator) and the separator are not requirements.
    if (isSeparator(line) || isSeparator(all[index + 1])) continue;
    const h2 = line.match(/^## (\d+)\. (.*)/);
    if (h2) {
      section = h2[1];
      heading = h2[2];
      count = 0;
      continue;
    }
    const h3 = line.match(/^### (.*)/);
    if (h3) {
      heading = h3[1];
      continue;
    }
    if (!section || !line.trim() || line.startsWith("#")) continue;
    if (/^\s*\|/.test(line)) {
      const cells = line.split("|").slice(1, -1).map((c) => c.trim());
      add(cells.filter(Boolean).join(" — "));
      continue;
    }
    const item = line.match(/^\s*(?:[-*]|\d+\.)\s+(.*)/);
    add(item ? item[1] : line.trim());
  }
  return rows;
}

function testTitles(root, dir) {
  const titles = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === "node_modules" || name === "output") continue;
    if (statSync(path).isDirectory()) titles.push(...testTitles(root, path));
    else if (/\.test\.tsx?$/.test(name)) {
      const text = readFileSync(path, "utf8");
      for (const match of text.matchAll(/\b(?:it|test)\(\s*(["'`])((?:\\.|(?!\1).)*)\1/g)) titles.push({ file: relative(join(root, "test"), path), title: match[2] });
    }
  }
  return titles;
}

/** The quoted texts and §9 figures of a requirement: what a test title naming it would carry. */
function markers(text) {
  const quoted = [...text.matchAll(QUOTED)].map((m) => m[2].toLowerCase()).filter((q) => q.length >= 10);
  const figures = [...text.matchAll(/(\d[\d,.]*\s?(?:ms|s|seconds|px|%))/g)].map((m) => m[1].toLowerCase());
  return [...quoted, ...figures];
}

// Run as a script (not imported by a test): write the table.
if (import.meta.url.startsWith("file:") && process.argv[1] === fileURLToPath(import.meta.url)) writeTable();

function writeTable() {
  const root = fileURLToPath(new URL("../", import.meta.url));
  const candidates = [process.argv[2], process.env.LATCH_SPEC, join(root, "../shared/spec/SPEC.md"), "/work/shared/spec/SPEC.md"].filter(Boolean);
  const specPath = candidates.find((p) => existsSync(p));
  if (!specPath) {
    console.error(`spec-requirements: SPEC.md not found (tried ${candidates.join(", ")}); pass its path`);
    process.exit(1);
  }
  const spec = readFileSync(specPath, "utf8");
  const rows = requirements(spec);
  const titles = testTitles(root, join(root, "test"));
  const readme = readFileSync(join(root, "README.md"), "utf8").toLowerCase();
  let mapped = 0;
  let chosen = 0;
  const lines = rows.map((row) => {
    const keys = markers(row.text);
    const tests = titles.filter((t) => keys.some((k) => t.title.toLowerCase().includes(k)));
    const inReadme = keys.length > 0 && keys.some((k) => k.length > 6 && readme.includes(k)) && tests.length === 0;
    if (tests.length) mapped++;
    else if (inReadme) chosen++;
    const where = tests.length
      ? tests.slice(0, 3).map((t) => `${t.file} › ${t.title.slice(0, 80).replace(/\|/g, "\\|")}`).join("<br>") + (tests.length > 3 ? ` (+${tests.length - 3})` : "")
      : inReadme
        ? "README, choices"
        : "—";
    return `| ${row.id} | ${row.text.replace(/\|/g, "\\|")} | ${where} |`;
  });
  process.stdout.write(
    [
      "# Every atomic requirement of SPEC.md (generated)",
      "",
      "`node scripts/spec-requirements.mjs > test/conformance/REQUIREMENTS.md` writes this file from SPEC.md: one row per",
      "bullet, numbered item, table row or sentence of the spec, and the test titles that carry the row's quoted texts or",
      "figures. '—' rows have no test found this way: either a test covers them under other words (test/CONFORMANCE.md",
      "maps the audited ones by hand) or they are still to pin.",
      "",
      `Rows: ${rows.length}; with a test found by its texts: ${mapped}; in README's choices: ${chosen}; the rest: ${rows.length - mapped - chosen}.`,
      "",
      "| id | requirement | tests |",
      "|---|---|---|",
      ...lines,
      "",
    ].join("\n"),
  );
}
