// scripts/spec-requirements.mjs cuts the spec into atomic requirements: bullets, numbered items,
// table rows (not headers), sentences (not inside a quoted text).
import { describe, expect, it } from "vitest";
// @ts-expect-error -- a plain .mjs script of the repository, no types
import { requirements, sentences } from "../../../scripts/spec-requirements.mjs";

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
});
