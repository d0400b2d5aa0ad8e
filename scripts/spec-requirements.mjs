// The spec's atomic requirements, one row each, with the tests that assert them: a reviewer checks
// coverage mechanically.
//
//   node scripts/spec-requirements.mjs [path/to/SPEC.md]   writes test/conformance/REQUIREMENTS.md
//   node scripts/spec-requirements.mjs --check              exits 1 naming every problem (CI: a unit test does the same)
//   node scripts/spec-requirements.mjs --suggest            lists unmapped rows with test titles that carry their quoted texts
//
// Atomic: each bullet, numbered item and table row of SPEC.md (a table's header row aside), cut into
// its sentences; each item of a list is its own row. Without SPEC.md (it lives beside the repository,
// not in it) the rows are read back from REQUIREMENTS.md itself.
//
// test/conformance/MAPPING.txt says, one line each, which test asserts a row (or which README choice
// decides it): `<id> <file under test/> › <exact test title>`, `<id> README › <text the README's
// choices carry>`, or `<id> heading` for a row that only introduces the rows after it. The check
// refuses a test title that no test of that file has, a README text the README lacks, an id that is
// no row, and a REQUIREMENTS.md that is not what the script writes.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
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

/** The rows of a REQUIREMENTS.md this script wrote: { id, text } (for when SPEC.md is not at hand). */
export function rowsOfTable(markdown) {
  const rows = [];
  for (const line of markdown.split("\n")) {
    if (!/^\| \d+\.\d+ \| .* \|$/.test(line)) continue;
    const cells = line.slice(2, -2).split(/(?<!\\) \| /);
    rows.push({ id: cells[0], text: cells[1].replace(/\\\|/g, "|") });
  }
  return rows;
}

/** Every test title (it/test) under test/, as written in its source: { file (relative to test/), title }. */
export function testTitles(testDir, dir = testDir) {
  const titles = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === "node_modules" || name === "output") continue;
    if (statSync(path).isDirectory()) titles.push(...testTitles(testDir, path));
    else if (/\.test(-d)?\.tsx?$/.test(name)) {
      const text = readFileSync(path, "utf8");
      for (const match of text.matchAll(/\b(?:it|test)(?:\.each\((?:[^()]|\([^()]*\))*\))?\(\s*(["'`])((?:\\.|(?!\1).)*)\1/g)) titles.push({ file: relative(testDir, path), title: match[2] });
    }
  }
  return titles;
}

/** MAPPING.txt's lines: { id, kind: "test" | "readme" | "heading", file?, title?, text?, line }. */
export function parseMapping(text) {
  const entries = [];
  const problems = [];
  for (const [index, raw] of text.split("\n").entries()) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    const match = line.match(/^(\d+\.\d+)\s+(.*)$/);
    if (!match) {
      problems.push(`MAPPING.txt:${index + 1}: not '<id> <file> › <title>', '<id> README › <text>' or '<id> heading'`);
      continue;
    }
    const [, id, rest] = match;
    if (rest === "heading") entries.push({ id, kind: "heading", line: index + 1 });
    else {
      const cut = rest.indexOf(" › ");
      if (cut < 0) {
        problems.push(`MAPPING.txt:${index + 1}: no ' › ' between the file and the title`);
        continue;
      }
      const file = rest.slice(0, cut);
      const title = rest.slice(cut + 3);
      if (file === "README") entries.push({ id, kind: "readme", text: title, line: index + 1 });
      else entries.push({ id, kind: "test", file, title, line: index + 1 });
    }
  }
  return { entries, problems };
}

/** What is wrong with the mapping: ids that are no row, tests that do not exist, README texts it lacks. */
export function checkMapping(entries, rows, titles, readme) {
  const ids = new Set(rows.map((row) => row.id));
  const known = new Set(titles.map((t) => `${t.file} › ${t.title}`));
  const files = new Set(titles.map((t) => t.file));
  // Compared as words: the README's line breaks fall anywhere.
  const words = (text) => text.toLowerCase().replace(/\s+/g, " ");
  const lowerReadme = words(readme);
  const problems = [];
  for (const entry of entries) {
    const where = `MAPPING.txt:${entry.line}`;
    if (!ids.has(entry.id)) problems.push(`${where}: ${entry.id} is no requirement row`);
    if (entry.kind === "test" && !known.has(`${entry.file} › ${entry.title}`)) {
      problems.push(files.has(entry.file) ? `${where}: ${entry.file} has no test titled '${entry.title}'` : `${where}: no test file test/${entry.file}`);
    }
    if (entry.kind === "readme" && !lowerReadme.includes(words(entry.text))) problems.push(`${where}: README.md does not say '${entry.text}'`);
  }
  return problems;
}

/** REQUIREMENTS.md: every row with what the mapping names for it, and the counts. */
export function renderTable(rows, entries) {
  const byId = new Map();
  for (const entry of entries) byId.set(entry.id, [...(byId.get(entry.id) ?? []), entry]);
  const counts = { test: 0, readme: 0, heading: 0, none: 0 };
  const escape = (text) => text.replace(/\|/g, "\\|");
  const lines = rows.map((row) => {
    const mapped = byId.get(row.id) ?? [];
    const tests = mapped.filter((e) => e.kind === "test");
    const readme = mapped.filter((e) => e.kind === "readme");
    const kind = tests.length ? "test" : readme.length ? "readme" : mapped.some((e) => e.kind === "heading") ? "heading" : "none";
    counts[kind]++;
    const where = [
      ...tests.map((e) => `${e.file} › ${e.title}`),
      ...readme.map((e) => `README, choices: '${e.text}'`),
      ...(kind === "heading" ? ["(introduces the rows after it)"] : []),
    ];
    return `| ${row.id} | ${escape(row.text)} | ${where.length ? escape(where.join("<br>")) : "—"} |`;
  });
  return [
    "# Every atomic requirement of SPEC.md (generated)",
    "",
    "`node scripts/spec-requirements.mjs` writes this file: one row per bullet, numbered item, table row or sentence of",
    "SPEC.md, and what test/conformance/MAPPING.txt names for it — the tests that assert it (file under test/ › test",
    "title), or the README choice that decides it where the spec leaves it open. `--check` (and",
    "test/unit/scripts/spec-requirements.test.ts) refuses a named test that does not exist and a stale file.",
    "",
    `Rows: ${rows.length}; mapped to a test: ${counts.test}; to a README choice: ${counts.readme}; headings of the rows after them: ${counts.heading}; unmapped ('—'): ${counts.none}.`,
    "",
    "| id | requirement | tests |",
    "|---|---|---|",
    ...lines,
    "",
  ].join("\n");
}

/** Test titles that carry a row's quoted texts: candidates for an unmapped row (--suggest). */
export function suggestions(row, titles) {
  const quoted = [...row.text.matchAll(QUOTED)].map((m) => m[2].toLowerCase()).filter((q) => q.length >= 10);
  return titles.filter((t) => quoted.some((q) => t.title.toLowerCase().includes(q)));
}

/** Paths and inputs of the repository this script lives in. */
export function loadInputs(specArgument) {
  const root = fileURLToPath(new URL("../", import.meta.url));
  const tablePath = join(root, "test/conformance/REQUIREMENTS.md");
  const candidates = [specArgument, process.env.LATCH_SPEC, join(root, "../shared/spec/SPEC.md"), "/work/shared/spec/SPEC.md"].filter(Boolean);
  const specPath = candidates.find((p) => existsSync(p));
  const current = existsSync(tablePath) ? readFileSync(tablePath, "utf8") : "";
  const rows = specPath ? requirements(readFileSync(specPath, "utf8")) : rowsOfTable(current);
  const { entries, problems } = parseMapping(readFileSync(join(root, "test/conformance/MAPPING.txt"), "utf8"));
  const titles = testTitles(join(root, "test"));
  const readme = readFileSync(join(root, "README.md"), "utf8");
  return { tablePath, specPath, current, rows, entries, titles, readme, problems: [...problems, ...checkMapping(entries, rows, titles, readme)] };
}

// Run as a script (not imported by a test).
if (import.meta.url.startsWith("file:") && process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const inputs = loadInputs(args.find((a) => !a.startsWith("--")));
  if (!inputs.rows.length) {
    console.error("spec-requirements: no SPEC.md found and no rows in REQUIREMENTS.md; pass SPEC.md's path");
    process.exit(1);
  }
  const table = renderTable(inputs.rows, inputs.entries);
  if (args.includes("--suggest")) {
    const mapped = new Set(inputs.entries.map((e) => e.id));
    for (const row of inputs.rows.filter((r) => !mapped.has(r.id))) {
      for (const t of suggestions(row, inputs.titles)) console.log(`${row.id} ${t.file} › ${t.title}`);
    }
  } else if (args.includes("--check")) {
    const problems = [...inputs.problems, ...(table === inputs.current ? [] : ["test/conformance/REQUIREMENTS.md is stale: run node scripts/spec-requirements.mjs"])];
    for (const problem of problems) console.error(problem);
    process.exit(problems.length ? 1 : 0);
  } else {
    for (const problem of inputs.problems) console.error(problem);
    writeFileSync(inputs.tablePath, table);
    console.log(table.split("\n").find((line) => line.startsWith("Rows:")));
    process.exit(inputs.problems.length ? 1 : 0);
  }
}
