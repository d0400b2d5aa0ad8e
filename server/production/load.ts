import { readFileSync } from "node:fs";
import { dirname } from "node:path";
import { ConfigError, ConfigErrors, loadConfig, type Env, type ProductionConfig } from "./config";
import { readSettingsFile, resolveMethods } from "./configFile";
import { settingsToEnv, type LatchSettings } from "./settings";
import type { ServerMethod } from "../method";

const readFile = (path: string) => readFileSync(path, "utf8");

/** What `latch-server start` runs with: the config file (if any) under the environment, checked, every problem at once. */
export async function loadServerConfig(processEnv: Env, cwd: string): Promise<{ config: ProductionConfig; file: string | undefined }> {
  const file = await readSettingsFile(processEnv, cwd);
  const { LATCH_CONFIG: _consumed, ...env } = processEnv;
  return { config: await configFromSettings(file?.settings ?? {}, env, file ? dirname(file.path) : cwd, file?.path ?? "settings"), file: file?.path };
}

/** The environment the admin commands read (migrate, rotate-keys): the config file's variables under the process's. */
export async function adminEnv(processEnv: Env, cwd: string): Promise<{ env: Env; methods: ServerMethod[] }> {
  const file = await readSettingsFile(processEnv, cwd);
  if (!file) return { env: processEnv, methods: [] };
  const { env, problems } = settingsToEnv(file.settings, file.path, dirname(file.path));
  if (problems.length > 0) throw problems.length === 1 ? problems[0]! : new ConfigErrors(problems);
  const { LATCH_CONFIG: _consumed, ...rest } = processEnv;
  return { env: { ...env, ...definedOnly(rest) }, methods: await resolveMethods(file.settings.methods ?? [], dirname(file.path)) };
}

/** Settings (a file's or the library's) under `env`: one ProductionConfig, or ConfigErrors naming every problem. */
export async function configFromSettings(settings: LatchSettings, env: Env, baseDir: string, where: string): Promise<ProductionConfig> {
  const problems: ConfigError[] = [];
  const collect = (error: unknown) => {
    if (error instanceof ConfigErrors) problems.push(...error.problems);
    else if (error instanceof ConfigError) problems.push(error);
    else throw error;
  };
  const fromSettings = settingsToEnv(settings, where, baseDir);
  problems.push(...fromSettings.problems);
  let config: ProductionConfig | undefined;
  try {
    config = loadConfig({ ...fromSettings.env, ...definedOnly(env) }, { readFile }, fromSettings.structured);
  } catch (error) {
    collect(error);
  }
  let methods: ServerMethod[] = [];
  try {
    methods = await resolveMethods(Array.isArray(settings.methods) ? settings.methods : [], baseDir);
  } catch (error) {
    collect(error);
  }
  if (problems.length === 1) throw problems[0]!;
  if (problems.length > 1) throw new ConfigErrors(problems);
  return { ...config!, methods, ...(settings.limits ? { limits: settings.limits } : {}) };
}

/** An empty variable counts as unset, so it does not hide the file's value. */
function definedOnly(env: Env): Env {
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ""));
}
