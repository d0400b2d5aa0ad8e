// `node bench/plugin-sizes.mjs`: what each plugin entry adds to an app, for the playground's
// "this configuration ships ≈ N KB" figure. Builds the package's JS (rollup, the same config as
// `npm run build`, into a temporary directory so the shared dist/ is left alone), then bundles small
// apps the way an app's bundler would (esbuild, tree shaking, minified, react/react-dom external):
// core + react alone (the base), and the base + each plugin entry. A plugin's figure is its
// increment over the base, gzip level 9. Also measures every plugin together, so the error of
// "base + sum of increments" (code shared by plugins is counted in each increment) is known.
// Writes playground/src/generated/plugin-sizes.json. Flags: --out <file>, --quiet.
import { rollup } from "rollup";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { bundleApp, kitAppSource } from "./app-bundle.mjs";

const root = fileURLToPath(new URL("../", import.meta.url));
const argValue = (name) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? undefined : process.argv[i + 1];
};
const outFile = argValue("out") ?? join(root, "playground/src/generated/plugin-sizes.json");
const quiet = process.argv.includes("--quiet");
// --check: also bundles combinations of plugins and compares them with the estimate (slower).
const check = process.argv.includes("--check");
const log = (...args) => !quiet && console.log(...args);

const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const pluginIds = Object.keys(pkg.exports)
  .filter((e) => e.startsWith("./plugins/"))
  .map((e) => e.slice("./plugins/".length));

const started = Date.now();
// Inside the repository, so the built files resolve their dependencies from its node_modules.
mkdirSync(join(root, "node_modules/.cache"), { recursive: true });
const work = mkdtempSync(join(root, "node_modules/.cache/latch-plugin-sizes-"));
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    rmSync(work, { recursive: true, force: true });
    process.exit(130);
  });
}

/** The package's JS entries built with the repository's rollup config (first config: JS, not .d.ts). */
async function buildPackage(ids, dir) {
  const configs = (await import(pathToFileURL(join(root, "rollup.config.mjs")).href)).default;
  const js = configs[0];
  const input = Object.fromEntries(
    Object.entries(js.input).filter(([name]) => !name.startsWith("plugins/") || ids.includes(name.slice("plugins/".length, -"/index".length))),
  );
  const prev = process.cwd();
  process.chdir(root); // the config's tsconfig path is relative
  try {
    const bundle = await rollup({ ...js, input, onwarn: () => {} });
    await bundle.write({ ...js.output, dir });
    await bundle.close();
    // As published: the package's "sideEffects": false lets the app's bundler drop what it does not use.
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name: pkg.name, type: "module", sideEffects: pkg.sideEffects ?? true }));
  } finally {
    process.chdir(prev);
  }
}

// Builds everything at once; if one plugin does not build (work in progress), builds each on its own.
const builtDir = new Map(); // plugin id → directory holding its build
const failed = {};
try {
  await buildPackage(pluginIds, join(work, "all"));
  for (const id of pluginIds) builtDir.set(id, join(work, "all"));
  builtDir.set("", join(work, "all"));
} catch (error) {
  log(`plugin-sizes: the full build failed (${error.message.split("\n")[0]}); building each plugin on its own`);
  await buildPackage([], join(work, "base"));
  builtDir.set("", join(work, "base"));
  for (const id of pluginIds) {
    try {
      await buildPackage([id], join(work, id));
      builtDir.set(id, join(work, id));
    } catch (e) {
      failed[id] = e.message.split("\n")[0];
    }
  }
}

/** `latch-kit`, `latch-kit/react`, `latch-kit/plugins/x` resolve to the built files, like the published package. */
const builtPackage = (dir) => ({
  name: "latch-kit-built",
  setup(b) {
    b.onResolve({ filter: /^latch-kit(\/.*)?$/ }, (args) => {
      const target = pkg.exports[`.${args.path.slice("latch-kit".length)}`]?.import;
      if (!target) return { errors: [{ text: `${args.path} is not an export of the package` }] };
      return { path: join(dir, target.replace(/^\.\/dist\//, "")) };
    });
  },
});

async function measure(name, ids, dir) {
  const entry = join(work, `app-${name}.mjs`);
  writeFileSync(entry, kitAppSource(ids));
  const { minBytes, gzipBytes, metafile } = await bundleApp(entry, { absWorkingDir: root, plugins: [builtPackage(dir)] });
  const output = Object.values(metafile.outputs)[0];
  // Module → bytes it contributes to this bundle (paths made relative to the build directory).
  const modules = Object.fromEntries(
    Object.entries(output.inputs)
      .filter(([file]) => !file.includes("app-"))
      .map(([file, { bytesInOutput }]) => [file.replace(/^.*latch-plugin-sizes-[^/]+\/[^/]+\//, "latch-kit/"), bytesInOutput]),
  );
  return { minBytes, gzipBytes, modules };
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

try {
  const base = await measure("base", [], builtDir.get(""));
  const alone = {};
  for (const id of pluginIds) if (builtDir.has(id)) alone[id] = await measure(id, [id], builtDir.get(id));
  const measured = Object.keys(alone);
  const plugins = Object.fromEntries(
    measured.map((id) => [id, { minBytes: alone[id].minBytes - base.minBytes, gzipBytes: alone[id].gzipBytes - base.gzipBytes }]),
  );

  // Code shared by plugins, counted once: every module beyond the base, grouped by the set of
  // plugins that pull it in, with its bytes in the bundle of all plugins together. An app with
  // plugins S ships the base plus every group that names one of S. Gzip does not add up module by
  // module, so the groups are in minified bytes, and gzipPerMinByte (plugin code, measured on the
  // bundle of all plugins) turns their sum into gzip bytes.
  let together = null;
  let groups = [];
  let gzipPerMinByte = null;
  if (measured.length > 0 && measured.every((id) => builtDir.get(id) === builtDir.get(""))) {
    together = await measure("all", measured, builtDir.get(""));
    const byKey = new Map();
    // A module of the base counts for what it grows by (the built core is one file: a plugin
    // keeps more of it); it belongs to the plugins whose bundle has more of it than the base has.
    for (const [file, bytes] of Object.entries(together.modules)) {
      const inBase = base.modules[file] ?? 0;
      if (bytes - inBase <= 0) continue;
      const users = measured.filter((id) => (alone[id].modules[file] ?? 0) > inBase);
      if (users.length === 0) continue;
      const key = users.join(",");
      const group = byKey.get(key) ?? { plugins: users, minBytes: 0, modules: 0 };
      group.minBytes += bytes - inBase;
      group.modules += 1;
      byKey.set(key, group);
    }
    groups = [...byKey.values()].sort((a, b) => b.minBytes - a.minBytes);
    gzipPerMinByte = (together.gzipBytes - base.gzipBytes) / (together.minBytes - base.minBytes);
  }
  const estimate = (ids) =>
    ids.length === 0 || gzipPerMinByte === null
      ? base.gzipBytes + ids.reduce((sum, id) => sum + plugins[id].gzipBytes, 0)
      : base.gzipBytes + gzipPerMinByte * groups.filter((g) => g.plugins.some((p) => ids.includes(p))).reduce((sum, g) => sum + g.minBytes, 0);

  // The estimate against real bundles: every combination while there are few plugins, otherwise pairs.
  const combinations = [];
  if (together && check) {
    const subsets = measured.length <= 5 ? [...Array(2 ** measured.length).keys()].map((mask) => measured.filter((_, i) => mask & (1 << i))) : measured.flatMap((a, i) => measured.slice(i + 1).map((b) => [a, b]));
    for (const ids of subsets) {
      if (ids.length < 2) continue;
      const real = ids.length === measured.length ? together : await measure(ids.join("+"), ids, builtDir.get(""));
      combinations.push({ plugins: ids, gzipBytes: real.gzipBytes, estimatedGzipBytes: Math.round(estimate(ids)) });
    }
  }

  const result = {
    measuredAt: new Date().toISOString(),
    method:
      "esbuild bundles of the built package the way an app's bundler makes them (tree shaking, minified, react and react-dom external, NODE_ENV=production), gzip level 9. base: createKit + LatchProvider + useAuthModal. plugins: what importing and calling one plugin's factory adds to the base. sharedGroups: the code beyond the base, grouped by which plugins pull it in (minified bytes), so a configuration's estimate counts shared code once.",
    base: { minBytes: base.minBytes, gzipBytes: base.gzipBytes },
    plugins,
    sharedGroups: groups,
    gzipPerMinByte,
    allPlugins: together ? { plugins: measured, minBytes: together.minBytes, gzipBytes: together.gzipBytes } : null,
    check: combinations,
    notBuilt: failed,
  };
  mkdirSync(dirname(outFile), { recursive: true });
  writeFileSync(outFile, `${JSON.stringify(result, null, 2)}\n`);

  log(`\nentry              min         gzip      (each plugin: what it adds to core + react alone)`);
  log(`${"core + react".padEnd(18)} ${kb(base.minBytes).padEnd(11)} ${kb(base.gzipBytes)}`);
  for (const [id, s] of Object.entries(plugins)) log(`${("+ " + id).padEnd(18)} ${kb(s.minBytes).padEnd(11)} ${kb(s.gzipBytes)}`);
  if (groups.length) {
    log(`\ncode beyond the base, by the plugins that pull it in (min):`);
    for (const g of groups) log(`  ${kb(g.minBytes).padEnd(10)} ${g.plugins.join(", ")}`);
  }
  if (combinations.length) {
    const worst = combinations.reduce((w, c) => Math.max(w, Math.abs(c.estimatedGzipBytes - c.gzipBytes) / c.gzipBytes), 0);
    log(`\nestimate vs real bundle, ${combinations.length} combinations: worst error ${(worst * 100).toFixed(1)} %`);
    for (const c of combinations) log(`  ${c.plugins.join(" + ").padEnd(40)} real ${kb(c.gzipBytes).padEnd(9)} estimate ${kb(c.estimatedGzipBytes)}`);
  }
  for (const [id, message] of Object.entries(failed)) log(`not built: ${id}: ${message}`);
  log(`\nwrote ${outFile.slice(root.length)} in ${Date.now() - started} ms`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
