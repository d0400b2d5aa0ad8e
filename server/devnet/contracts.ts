// Compiles contracts/ (our account test doubles) with npm solc, cached on disk by source hash so a second start
// skips the compiler entirely. Node only.
import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rename, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import type { Abi, Hex } from "viem";

const require = createRequire(import.meta.url);
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const CONTRACTS_DIR = join(ROOT, "contracts");
const NODE_MODULES = join(ROOT, "node_modules");
const CACHE_DIR = join(NODE_MODULES, ".cache", "latch-contracts");

/** Import prefixes the sources use, resolved to installed packages (EntryPoint v0.7 interfaces, OpenZeppelin 5). */
const REMAPPINGS: Record<string, string> = {
  "@account-abstraction/contracts/": join(NODE_MODULES, "aa07") + sep,
  "@openzeppelin/contracts/": join(NODE_MODULES, "@openzeppelin", "contracts") + sep,
};

const SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: "cancun",
  // No metadata hash: the bytecode (and so every deterministic address) depends on the code alone, not on paths.
  metadata: { bytecodeHash: "none" },
  outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } },
} as const;

export interface ContractArtifact {
  abi: Abi;
  bytecode: Hex;
}

export type ContractArtifacts = Record<string, ContractArtifact>;

export interface CompileResult {
  artifacts: ContractArtifacts;
  /** true when the artifacts came from the on-disk cache. */
  cached: boolean;
  /** Wall time spent, in ms. */
  ms: number;
}

async function listSources(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const files = await Promise.all(
    entries.map(async (entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return listSources(path);
      return entry.name.endsWith(".sol") ? [path] : [];
    }),
  );
  return files.flat().sort();
}

function packageVersion(name: string): string {
  return (require(join(NODE_MODULES, name, "package.json")) as { version: string }).version;
}

/** The cache key: our sources, the compiler and the versions of the packages they import, the settings. */
function cacheKey(sources: Record<string, { content: string }>): string {
  const hash = createHash("sha256");
  hash.update(JSON.stringify(SETTINGS));
  for (const name of ["solc", "aa07", "@openzeppelin/contracts"]) hash.update(`${name}@${packageVersion(name)}\n`);
  for (const [path, { content }] of Object.entries(sources)) hash.update(`${path}\n${content}\n`);
  return hash.digest("hex").slice(0, 32);
}

function findImport(path: string): { contents: string } | { error: string } {
  for (const [prefix, target] of Object.entries(REMAPPINGS)) {
    if (path.startsWith(prefix)) {
      try {
        return { contents: require("node:fs").readFileSync(target + path.slice(prefix.length), "utf8") as string };
      } catch (error) {
        return { error: `cannot read ${path}: ${(error as Error).message}` };
      }
    }
  }
  return { error: `unresolved import ${path}` };
}

interface SolcOutput {
  errors?: { severity: "error" | "warning" | "info"; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
}

/** Compiles every contract under contracts/ (or returns the cached artifacts). Keyed by contract name. */
export async function compileContracts(options: { cacheDir?: string } = {}): Promise<CompileResult> {
  const started = performance.now();
  const cacheDir = options.cacheDir ?? CACHE_DIR;
  const files = await listSources(CONTRACTS_DIR);
  const sources: Record<string, { content: string }> = {};
  for (const file of files) {
    sources[relative(ROOT, file).split(sep).join("/")] = { content: await readFile(file, "utf8") };
  }
  const cacheFile = join(cacheDir, `${cacheKey(sources)}.json`);
  try {
    const artifacts = JSON.parse(await readFile(cacheFile, "utf8")) as ContractArtifacts;
    return { artifacts, cached: true, ms: performance.now() - started };
  } catch {
    // Not cached yet: compile below.
  }

  // Relative imports inside contracts/ resolve against the source unit names ("contracts/…").
  const solc = require("solc") as { compile(input: string, callbacks: { import: typeof findImport }): string };
  const input = { language: "Solidity", sources, settings: SETTINGS };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImport })) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === "error");
  if (errors.length > 0) {
    throw new Error(`Solidity compilation failed:\n${errors.map((e) => e.formattedMessage).join("\n")}`);
  }

  const artifacts: ContractArtifacts = {};
  for (const [unit, contracts] of Object.entries(output.contracts ?? {})) {
    if (!unit.startsWith("contracts/")) continue;
    for (const [name, contract] of Object.entries(contracts)) {
      artifacts[name] = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
    }
  }

  await mkdir(cacheDir, { recursive: true });
  // Write then rename: two devnets starting at once never read a half-written cache file.
  const temporary = `${cacheFile}.${process.pid}.tmp`;
  await writeFile(temporary, JSON.stringify(artifacts));
  await rename(temporary, cacheFile);
  return { artifacts, cached: false, ms: performance.now() - started };
}
