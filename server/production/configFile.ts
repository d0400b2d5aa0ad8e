import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerMethod } from "../method";
import { ConfigError, type Env } from "./config";
import type { LatchSettings } from "./settings";

/** Looked for in this order in the folder the command runs in (or named by LATCH_CONFIG). */
export const CONFIG_FILE_NAMES = ["latch.config.mjs", "latch.config.js", "latch.config.json"] as const;

export interface SettingsFile {
  path: string;
  settings: LatchSettings;
}

/** The config file LATCH_CONFIG names, else the first of CONFIG_FILE_NAMES in `cwd`; undefined when there is none. */
export async function readSettingsFile(env: Env, cwd: string): Promise<SettingsFile | undefined> {
  const named = env.LATCH_CONFIG?.trim();
  const path = named ? resolve(cwd, named) : CONFIG_FILE_NAMES.map((name) => join(cwd, name)).find((candidate) => existsSync(candidate));
  if (!path) return undefined;
  const where = named ? "LATCH_CONFIG" : path;
  if (path.endsWith(".json")) {
    let text: string;
    try {
      text = readFileSync(path, "utf8");
    } catch (error) {
      throw new ConfigError(where, `cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    }
    try {
      return { path, settings: JSON.parse(text) as LatchSettings };
    } catch (error) {
      throw new ConfigError(where, `${path} is not JSON (${(error as Error).message})`);
    }
  }
  let loaded: { default?: unknown };
  try {
    loaded = (await import(pathToFileURL(path).href)) as { default?: unknown };
  } catch (error) {
    throw new ConfigError(where, `cannot load ${path}: ${(error as Error).message}`);
  }
  if (typeof loaded.default !== "object" || loaded.default === null) throw new ConfigError(where, `${path} must export its settings as the default export (export default { … })`);
  return { path, settings: loaded.default as LatchSettings };
}

/**
 * The methods a config lists: objects as they are; a name is a package (or a path relative to the
 * config's folder) whose default export, or named export `server`, is a ServerMethod.
 */
export async function resolveMethods(entries: ReadonlyArray<ServerMethod | string>, baseDir: string): Promise<ServerMethod[]> {
  const methods: ServerMethod[] = [];
  const problems: string[] = [];
  for (const entry of entries) {
    if (typeof entry !== "string") {
      if (isServerMethod(entry)) methods.push(entry);
      else problems.push(`methods: an entry is neither a package name nor a method with an id (${describe(entry)})`);
      continue;
    }
    let module: Record<string, unknown>;
    try {
      module = (await import(moduleUrl(entry, baseDir))) as Record<string, unknown>;
    } catch (error) {
      problems.push(`methods: cannot load "${entry}" from ${baseDir} (${(error as Error).message.split("\n")[0]}); install it beside the server (npm install ${entry})`);
      continue;
    }
    const method = [module.default, module.server].find(isServerMethod);
    if (method) methods.push(method);
    else problems.push(`methods: "${entry}" exports no server method: expected a default export or an export named server with an id`);
  }
  if (problems.length > 0) throw new ConfigError("methods", problems.join("\n"));
  return methods;
}

function isServerMethod(value: unknown): value is ServerMethod {
  return typeof value === "object" && value !== null && typeof (value as { id?: unknown }).id === "string" && (value as { id: string }).id.length > 0;
}

function describe(value: unknown): string {
  return value === null ? "null" : Array.isArray(value) ? "a list" : typeof value;
}

/** A relative path from the config's folder, else a package found in node_modules from that folder up, else where the server itself resolves it. */
function moduleUrl(specifier: string, baseDir: string): string {
  if (specifier.startsWith(".") || specifier.startsWith("/")) return pathToFileURL(resolve(baseDir, specifier)).href;
  const found = resolvePackage(specifier, baseDir);
  return found ? pathToFileURL(found).href : specifier;
}

/** Node's package lookup for an ESM import (exports' import/node/default conditions, else main), from `baseDir` upwards. */
function resolvePackage(specifier: string, baseDir: string): string | undefined {
  const parts = specifier.split("/");
  const nameLength = specifier.startsWith("@") ? 2 : 1;
  const name = parts.slice(0, nameLength).join("/");
  const subpath = parts.length > nameLength ? `./${parts.slice(nameLength).join("/")}` : ".";
  for (let dir = baseDir; ; dir = dirname(dir)) {
    const root = join(dir, "node_modules", name);
    if (existsSync(join(root, "package.json"))) {
      const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { exports?: unknown; main?: string };
      const target = manifest.exports === undefined ? (subpath === "." ? (manifest.main ?? "index.js") : subpath) : exportTarget(manifest.exports, subpath);
      return target === undefined ? undefined : join(root, target);
    }
    if (dirname(dir) === dir) return undefined;
  }
}

function exportTarget(exports: unknown, subpath: string): string | undefined {
  const entry = typeof exports === "string" || Array.isArray(exports) || !Object.keys(exports as object).some((key) => key.startsWith(".")) ? (subpath === "." ? exports : undefined) : (exports as Record<string, unknown>)[subpath];
  return conditionTarget(entry);
}

function conditionTarget(entry: unknown): string | undefined {
  if (typeof entry === "string") return entry;
  if (Array.isArray(entry)) return entry.map(conditionTarget).find(Boolean);
  if (typeof entry !== "object" || entry === null) return undefined;
  for (const condition of ["import", "node", "default"]) {
    const target = conditionTarget((entry as Record<string, unknown>)[condition]);
    if (target) return target;
  }
  return undefined;
}
