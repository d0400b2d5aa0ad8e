// The API reference covers every published entry point: `npm run docs:check` (in `npm run lint`) runs
// TypeDoc over typedoc.json's entry points and fails on an undocumented export; this keeps that list
// equal to package.json's "exports", so a new entry point cannot skip the check.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { repoRoot } from "./published-sources";

const json = (file: string) => JSON.parse(readFileSync(join(repoRoot, file), "utf8"));

it("TypeDoc documents every entry point of package.json's exports, and fails on undocumented exports", () => {
  const exported = Object.values(json("package.json").exports as Record<string, { types: string }>).map(({ types }) =>
    types.replace(/^\.\/dist\//, "").replace(/\.d\.ts$/, ".ts"),
  );
  const typedoc = json("typedoc.json");
  expect([...typedoc.entryPoints].sort()).toEqual(exported.sort());
  expect(typedoc.validation.notDocumented).toBe(true);
  expect(typedoc.treatValidationWarningsAsErrors).toBe(true);
  expect(json("package.json").scripts.lint).toContain("npm run docs:check");
});
