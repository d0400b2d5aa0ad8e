// The .d.ts the packed package publishes, followed from its `exports` as an app's compiler follows
// them (with skipLibCheck false it checks every file it reaches): they name no schema library and
// no Node types, only packages the kit declares, and an optional peer only from the entry that is
// about it, so an email-only app compiles with none of them installed.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { declarationGraph, entrySpecifier, packageOf, type DeclarationGraph } from "./support/declarations";
import { run } from "./support/run";

interface Manifest {
  name: string;
  exports: Record<string, { types: string }>;
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
}

/** The schema library the server validates with (its types need Node's `Buffer`), and Node's own types. */
const FORBIDDEN = [/^arktype(\/|$)/, /^@ark\//, /^node:/, /^types:node$/, /^@types\/node(\/|$)/];
/** The optional peers an entry may name: the integration it is about. Every other entry names none. */
const OPTIONAL_PEERS_OF: Record<string, string[]> = {
  "./wagmi": ["@wagmi/core"],
  "./plugins/evm": ["@wagmi/core"],
  "./plugins/walletconnect": ["@walletconnect/universal-provider"],
  "./plugins/mobile": ["@wallet-standard/base"],
  "./plugins/solana": ["@solana/kit", "@solana/wallet-standard-features", "@wallet-standard/base"],
  "./plugins/solana-embedded": ["@solana/kit"],
};

let dir: string;
let manifest: Manifest;
let whole: DeclarationGraph;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "latch-published-types-"));
  await run("tar", ["-xzf", inject("latchTarball"), "-C", dir], { cwd: dir });
  dir = join(dir, "package");
  manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as Manifest;
  whole = declarationGraph(dir, Object.keys(manifest.exports));
});
afterAll(() => rmSync(join(dir, ".."), { recursive: true, force: true }));

describe("the published .d.ts, from every entry", () => {
  it("reach the package's declarations (the walk follows imports, not one file)", () => {
    expect(whole.files.length).toBeGreaterThan(100);
    expect(whole.files).toContain("dist/wire/routes.d.ts");
  });

  it("name neither arktype nor Node's types", () => {
    const forbidden = [...whole.external].filter(([specifier]) => FORBIDDEN.some((pattern) => pattern.test(specifier)));
    expect(Object.fromEntries(forbidden)).toEqual({});
  });

  it("name only packages the kit declares (a package that a dependency happens to bring may not be there)", () => {
    const declared = new Set([...Object.keys(manifest.dependencies), ...Object.keys(manifest.peerDependencies)]);
    const undeclared = [...whole.external].filter(([specifier]) => !specifier.startsWith("lib:") && !declared.has(packageOf(specifier)));
    expect(Object.fromEntries(undeclared)).toEqual({});
  });
});

describe("each entry's .d.ts", () => {
  it("name an optional peer only from the entry that integrates it", () => {
    const optional = new Set(Object.entries(manifest.peerDependenciesMeta).filter(([, meta]) => meta.optional).map(([name]) => name));
    const named = Object.fromEntries(
      Object.keys(manifest.exports).map((name) => {
        const peers = [...declarationGraph(dir, [name]).external.keys()].map(packageOf).filter((pkg) => optional.has(pkg));
        return [entrySpecifier(manifest, name), [...new Set(peers)].sort()];
      }),
    );
    const allowed = Object.fromEntries(Object.keys(manifest.exports).map((name) => [entrySpecifier(manifest, name), [...(OPTIONAL_PEERS_OF[name] ?? [])].sort()]));
    expect(named).toEqual(allowed);
  });
});
