import { readFileSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";
import { renderToString } from "react-dom/server";

const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
  exports: Record<string, unknown>;
};
// The same map as rollup.config.mjs.
const SOURCES: Record<string, string> = { ".": "core", "./react": "renderer", "./chain": "core/chain", "./wagmi": "integrations/wagmi" };
const sourceOf = (name: string) => SOURCES[name] ?? name.replace(/^\.\//, "");

describe("server rendering", () => {
  it("runs with no DOM", () => {
    expect(typeof (globalThis as { window?: unknown }).window).toBe("undefined");
    expect(typeof (globalThis as { document?: unknown }).document).toBe("undefined");
  });

  const modules = import.meta.glob(["../../core/index.ts", "../../core/chain/index.ts", "../../renderer/index.ts", "../../plugins/*/index.ts", "../../integrations/*/index.ts"]);

  it.each(Object.keys(pkg.exports))("imports the %s entry without touching window or document", async (name) => {
    const load = modules[`../../${sourceOf(name)}/index.ts`];
    expect(load, `no source for export ${name}`).toBeDefined();
    const entry = (await load!()) as Record<string, unknown>;
    expect(Object.keys(entry).length).toBeGreaterThan(0);
  });

  it("renders a page with LatchProvider and the dialog closed, without errors or warnings", async () => {
    const { createKit } = await import("latch-kit");
    const { LatchProvider, useAuthModal } = await import("latch-kit/react");
    const { quizPlugin } = await import("../fixtures/quiz-plugin");
    const error = vi.spyOn(console, "error");
    const warn = vi.spyOn(console, "warn");
    function Page() {
      const { isOpen } = useAuthModal();
      return <main>{isOpen ? "open" : "signed out"}</main>;
    }
    const kit = createKit({ plugins: [quizPlugin], ui: { auth: { sections: [[{ type: "quiz" }]] } } });
    const html = renderToString(
      <LatchProvider kit={kit}>
        <Page />
      </LatchProvider>,
    );
    expect(html).toContain("signed out");
    expect(error).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });
});
