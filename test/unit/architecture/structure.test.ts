// Structure checks: the arrows between folders point one way, and no module imports itself back.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = process.cwd(); // vitest runs from the repository root
const FOLDERS = ["wire", "core", "lib", "renderer", "plugins", "server"] as const;
const ALIASES: Array<[RegExp, string]> = [
  [/^latch-kit\/react$/, "renderer/index.ts"],
  [/^latch-kit\/chain$/, "core/chain/index.ts"],
  [/^latch-kit\/plugins\/(.*)$/, "plugins/$1/index.ts"],
  [/^latch-kit$/, "core/index.ts"],
];

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

const files = FOLDERS.flatMap(sourceFiles);
const known = new Set(files);

function resolveImport(from: string, specifier: string): string | null {
  for (const [pattern, target] of ALIASES) if (pattern.test(specifier)) return specifier.replace(pattern, target);
  if (!specifier.startsWith(".")) return null;
  const base = relative(root, resolve(root, dirname(from), specifier));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) if (known.has(candidate)) return candidate;
  return null;
}

/** Every import of a file: `types: false` leaves out `import type` / `export type` (they vanish when compiled). */
function importsOf(file: string, { types }: { types: boolean }): string[] {
  // Comments out, so an import named in a comment is not taken for one.
  const text = readFileSync(join(root, file), "utf8").replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const targets: string[] = [];
  for (const match of text.matchAll(/^\s*(import|export)\s+(type\s+)?(?:[^"';]*?\s+from\s+)?["']([^"']+)["']/gm)) {
    if (match[2] && !types) continue;
    const target = resolveImport(file, match[3]!);
    if (target) targets.push(target);
  }
  for (const match of text.matchAll(/import\(\s*["']([^"']+)["']\s*\)/g)) {
    const target = resolveImport(file, match[1]!);
    if (target) targets.push(target);
  }
  return targets;
}

const graph = new Map(files.map((file) => [file, importsOf(file, { types: false })]));
/** With type-only imports: a loop of types is a loop too (two modules that each need the other to be understood). */
const typeGraph = new Map(files.map((file) => [file, importsOf(file, { types: true })]));

/** The groups of files that import each other, directly or around a loop (Tarjan's strongly connected components, of more than one file). */
function loops(of: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of of.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1) found.push(group.sort());
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return found;
}

/**
 * Type loops not broken yet, each for a stated reason; the check fails when one grows, when another
 * appears, and when one of these is gone (then delete it here, so it cannot come back).
 */
const KNOWN_TYPE_LOOPS: Array<{ why: string; files: string[] }> = [];

/** A method's (or a shared library's) server part: plugins/<m>/server/…, lib/<x>/server/…. */
const isServerPart = (file: string) => /^(plugins|lib)\/[^/]+\/server\//.test(file);
/** The layer a file belongs to: its top folder, or "server-part". */
const folderOf = (file: string) => (isServerPart(file) ? "server-part" : file.split("/")[0]!);
const pluginOf = (file: string) => (file.startsWith("plugins/") ? file.split("/")[1] : undefined);

describe("structure", () => {
  it("wire (the contract) imports nothing at run time; core nothing from lib, renderer or plugins; renderer nothing from lib or plugins; lib nothing from plugins; the kit nothing from the server or a server part", () => {
    const allowed: Record<string, string[]> = {
      wire: ["wire"],
      core: ["core", "wire"],
      renderer: ["renderer", "core", "wire"],
      lib: ["lib", "core", "renderer", "wire"],
      plugins: ["plugins", "lib", "core", "renderer", "wire"],
      // The server and the methods' server parts: never imported by the kit (the rule above keeps them out).
      "server-part": ["server-part", "server", "wire"],
      server: ["server", "server-part", "wire"],
    };
    // The devnet's fixed ports and chain id: browser-safe constants the kit and the devnet server share.
    const sharedWithServer = ["core/chain/devnet.ts"];
    const wrong = [...graph].flatMap(([file, targets]) =>
      targets
        .filter((t) => !allowed[folderOf(file)]!.includes(folderOf(t)) && !(folderOf(file) === "server" && sharedWithServer.includes(t)))
        .map((t) => `${file} → ${t}`),
    );
    expect(wrong).toEqual([]);
  });

  it("a method's server part uses the server through server/method-kit.ts only; the server names methods in server/methods.ts only", () => {
    const wrong = [...graph].flatMap(([file, targets]) =>
      targets
        .filter((t) =>
          isServerPart(file)
            ? folderOf(t) === "server" && t !== "server/method-kit.ts"
            : folderOf(file) === "server" && folderOf(t) === "server-part" && file !== "server/methods.ts",
        )
        .map((t) => `${file} → ${t}`),
    );
    expect(wrong).toEqual([]);
  });

  it("the kit takes only types from the wire's schemas (the server validates with them; apps do not ship them)", () => {
    const schemaModules = ["wire/schemas.ts", "wire/requests.ts", "wire/responses.ts", "wire/errors.ts", "wire/operations.ts"];
    const kit = ["core", "lib", "renderer", "plugins"];
    // The signer client's development-only answer check: called behind a NODE_ENV check that production
    // builds drop, with this module and arktype (`npm run size` refuses arktype in a production bundle).
    const developmentOnly = ["core/signer/answer-check.ts"];
    const wrong = [...graph].flatMap(([file, targets]) =>
      kit.includes(folderOf(file)) && !developmentOnly.includes(file) ? targets.filter((t) => schemaModules.includes(t)).map((t) => `${file} → ${t}`) : [],
    );
    expect(wrong).toEqual([]);
  });

  it("the kit names the wire's schema modules not even as types, and the wire's plain types name no schema (the published .d.ts must not reach arktype)", () => {
    const schemaModules = ["wire/schemas.ts", "wire/requests.ts", "wire/responses.ts", "wire/errors.ts", "wire/operations.ts", "wire/operation-requests.ts", "wire/contract.ts"];
    const plainTypes = ["wire/shapes.ts", "wire/routes.ts", "wire/operation-types.ts", "wire/contract-types.ts", "wire/route-errors.ts", "wire/operation-errors.ts", "wire/error-codes.ts"];
    const kit = ["core", "lib", "renderer", "plugins"];
    const developmentOnly = ["core/signer/answer-check.ts"];
    const wrong = [...typeGraph].flatMap(([file, targets]) =>
      (kit.includes(folderOf(file)) && !developmentOnly.includes(file)) || plainTypes.includes(file)
        ? targets.filter((t) => schemaModules.includes(t)).map((t) => `${file} → ${t}`)
        : [],
    );
    const namingArktype = plainTypes.filter((file) => /from\s+["']arktype/.test(readFileSync(join(root, file), "utf8")));
    expect({ wrong, namingArktype }).toEqual({ wrong: [], namingArktype: [] });
  });

  it("a plugin imports no other plugin's code (shared parts live in lib/)", () => {
    const crossing = [...graph].flatMap(([file, targets]) =>
      targets.filter((t) => pluginOf(file) && pluginOf(t) && pluginOf(t) !== pluginOf(file)).map((t) => `${file} → ${t}`),
    );
    expect(crossing).toEqual([]);
  });

  it("keeps the embedded signer an engine: at most 250 lines, naming no sign-in method's route", () => {
    const signer = readFileSync(join(root, "core/signer/signer.ts"), "utf8");
    expect(signer.split("\n").length).toBeLessThanOrEqual(250);
    expect(signer).not.toMatch(/"(init-otp|otp|auth-jwt|email-auth|prepare-oauth|signup|auth)"/);
  });

  it("has no import cycles", () => {
    const cycles: string[] = [];
    const state = new Map<string, "open" | "done">();
    const stack: string[] = [];
    const visit = (file: string) => {
      state.set(file, "open");
      stack.push(file);
      for (const next of graph.get(file) ?? []) {
        if (state.get(next) === "open") cycles.push([...stack.slice(stack.indexOf(next)), next].join(" → "));
        else if (!state.has(next)) visit(next);
      }
      stack.pop();
      state.set(file, "done");
    };
    for (const file of files) if (!state.has(file)) visit(file);
    expect(cycles).toEqual([]);
  });

  it("has no import loops counting type-only imports, but the known ones (which must not grow, and leave this list once broken)", () => {
    const key = (group: string[]) => group.join(" ⇄ ");
    expect(loops(typeGraph).map(key).sort()).toEqual(KNOWN_TYPE_LOOPS.map((loop) => key(loop.files)).sort());
  });
});
