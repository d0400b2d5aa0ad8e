// `npm run size`: builds small apps the way an app's bundler would (from the built package, with
// tree shaking, minified), reports min and gzip bytes without react/react-dom, and fails over budget.
// Also checks that a plugin an app does not import contributes no code at all.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { execSync } from "node:child_process";
import { bundleApp, initialChunks, kitAppSource, PLUGIN_FACTORIES } from "./app-bundle.mjs";

const root = fileURLToPath(new URL("../", import.meta.url));
const pkg = JSON.parse(readFileSync(`${root}package.json`, "utf8"));
const built = Object.keys(pkg.exports).filter((e) => e.startsWith("./plugins/")).map((e) => e.slice("./plugins/".length));
for (const id of built) if (!PLUGIN_FACTORIES[id]) throw new Error(`bench/size.mjs: no factory name for plugin "${id}": add it to PLUGIN_FACTORIES in bench/app-bundle.mjs`);

const KB = 1024;
// Gzip, react and react-dom not counted. `target`: the goal we are measured against (reported with
// the ratio); `budget`: the ceiling that fails CI — the target once met, until then today's figure
// plus a little, so nothing grows while the work toward the target goes on. An app's bundle must
// not contain the schema library either (the kit's config checks drop out of production builds;
// chain options use plain checks).
const apps = [
  { id: "a", label: "email only: core + react + email-otp", plugins: ["email-otp"], target: 50 * KB, budget: 50 * KB, split: true },
  { id: "b", label: "(a) + passkey + oauth", plugins: ["email-otp", "passkey", "oauth"] },
  { id: "s", label: "email + smart accounts", plugins: ["email-otp", "smart-accounts"], target: 110 * KB, budget: 110 * KB },
  {
    id: "c",
    label: "every plugin except walletconnect and mobile",
    plugins: built.filter((p) => p !== "walletconnect" && p !== "mobile"),
    target: 200 * KB,
    budget: 200 * KB,
  },
  { id: "d", label: "everything", plugins: built },
  { id: "e", label: "core + react + Solana wallets + mobile wallet adapter", plugins: ["solana", "mobile"] },
];
const FORBIDDEN_PACKAGES = ["arktype", "@ark/schema", "@ark/util"];

if (!process.argv.includes("--no-build")) execSync("npx rollup -c rollup.config.mjs --silent", { cwd: root, stdio: "inherit" });

const outDir = `${root}bench/results/size-apps`;
mkdirSync(outDir, { recursive: true });

const results = [];
let failed = false;
for (const app of apps) {
  const missing = app.plugins.filter((p) => !built.includes(p));
  const plugins = app.plugins.filter((p) => built.includes(p));
  const entry = `${outDir}/app-${app.id}.mjs`;
  writeFileSync(entry, kitAppSource(plugins));
  const { minBytes: min, gzipBytes: gzip, metafile } = await bundleApp(entry, { absWorkingDir: root });
  // Split as an app's bundler splits lazy imports: what the first page load fetches (entry + static chunks).
  const initial = app.split ? await initialChunks(entry, { absWorkingDir: root }) : undefined;
  // No code of a plugin the app does not import: none of its built files is an input.
  const inputs = Object.keys(metafile.inputs);
  const leaked = built.filter((p) => !plugins.includes(p)).filter((p) => inputs.some((i) => i.includes(`dist/plugins/${p}/`)));
  const over = app.budget !== undefined && gzip > app.budget;
  // Code that made it into the bundle (metafile.inputs also lists what tree shaking dropped).
  const shipped = Object.entries(Object.values(metafile.outputs)[0].inputs).filter(([, { bytesInOutput }]) => bytesInOutput > 0).map(([file]) => file);
  const forbidden = FORBIDDEN_PACKAGES.filter((name) => shipped.some((i) => i.includes(`node_modules/${name}/`)));
  if (over || leaked.length || forbidden.length) failed = true;
  const heaviest = Object.entries(Object.values(metafile.outputs)[0].inputs)
    .map(([file, { bytesInOutput }]) => ({ package: file.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ?? file.split("/").slice(0, 2).join("/"), bytes: bytesInOutput }))
    .reduce((acc, { package: name, bytes }) => ((acc[name] = (acc[name] ?? 0) + bytes), acc), {});
  results.push({
    app: app.id,
    label: app.label,
    plugins,
    missingPlugins: missing,
    minBytes: min,
    gzipBytes: gzip,
    budgetGzipBytes: app.budget ?? null,
    withinBudget: !over,
    targetGzipBytes: app.target ?? null,
    withinTarget: app.target === undefined || gzip <= app.target,
    leakedPlugins: leaked,
    forbiddenPackages: forbidden,
    ...(initial ? { initialChunkMinBytes: initial.minBytes, initialChunkGzipBytes: initial.gzipBytes } : {}),
    topInputsMinBytes: Object.fromEntries(Object.entries(heaviest).sort((a, b) => b[1] - a[1]).slice(0, 8)),
  });
}

const kb = (n) => `${(n / KB).toFixed(1)} KB`;
console.log("\napp  min        gzip       budget (CI)   target (ratio)        plugins");
for (const r of results) {
  const target = r.targetGzipBytes ? `${kb(r.targetGzipBytes)} (${(r.gzipBytes / r.targetGzipBytes).toFixed(2)}×)${r.withinTarget ? "" : " not yet"}` : "—";
  console.log(
    `${r.app}    ${kb(r.minBytes).padEnd(10)} ${kb(r.gzipBytes).padEnd(10)} ${(r.budgetGzipBytes ? kb(r.budgetGzipBytes) + (r.withinBudget ? " ok" : " OVER") : "—").padEnd(13)} ${target.padEnd(21)} ${r.plugins.join(", ")}${r.missingPlugins.length ? `  (not built yet: ${r.missingPlugins.join(", ")})` : ""}${r.leakedPlugins.length ? `  LEAKED: ${r.leakedPlugins.join(", ")}` : ""}${r.forbiddenPackages.length ? `  SCHEMA LIBRARY: ${r.forbiddenPackages.join(", ")}` : ""}`,
  );
}
for (const r of results) {
  if (r.initialChunkGzipBytes !== undefined) console.log(`\napp ${r.app} split (lazy imports in their own chunks): first load ${kb(r.initialChunkMinBytes)} min, ${kb(r.initialChunkGzipBytes)} gzip`);
}
console.log("\nheaviest inputs of app a (min bytes):", results[0].topInputsMinBytes);
mkdirSync(`${root}bench/results`, { recursive: true });
writeFileSync(`${root}bench/results/size.json`, JSON.stringify({ measuredAt: new Date().toISOString(), results }, null, 2));
if (failed) {
  console.error("\nsize: a budget is exceeded, an unimported plugin leaked into an app, or the schema library is in a production bundle");
  process.exit(1);
}
