// `npm run size`: builds small apps the way an app's bundler would (from the built package, with
// tree shaking, minified), reports min and gzip bytes without react/react-dom, and fails over budget.
// Also checks that a plugin an app does not import contributes no code at all.
import { build } from "esbuild";
import { gzipSync } from "node:zlib";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { execSync } from "node:child_process";

const root = fileURLToPath(new URL("../", import.meta.url));
const pkg = JSON.parse(readFileSync(`${root}package.json`, "utf8"));
const built = Object.keys(pkg.exports).filter((e) => e.startsWith("./plugins/")).map((e) => e.slice("./plugins/".length));

const factory = {
  "email-otp": "emailOtp",
  "magic-link": "magicLink",
  sms: "sms",
  passkey: "passkey",
  oauth: "oauth",
  jwt: "jwt",
  evm: "evm",
  walletconnect: "walletConnect",
  solana: "solana",
  mobile: "mobileWallet",
  "solana-embedded": "solanaEmbedded",
  "smart-accounts": "smartAccounts",
};
// Plugins whose factory needs arguments in a real app.
const factoryArgs = { "smart-accounts": "{ chain: { id: 1, name: 'x', nativeCurrency: { name: 'E', symbol: 'E', decimals: 18 }, rpcUrls: { default: { http: ['http://localhost:8545'] } } } }" };
for (const id of built) if (!factory[id]) throw new Error(`bench/size.mjs: no factory name for plugin "${id}": add it to the factory map`);

const KB = 1024;
const apps = [
  { id: "a", label: "core + react + email-otp", plugins: ["email-otp"], budget: 113 * KB },
  { id: "b", label: "(a) + passkey + oauth", plugins: ["email-otp", "passkey", "oauth"] },
  {
    id: "c",
    label: "every plugin except walletconnect and mobile",
    plugins: built.filter((p) => p !== "walletconnect" && p !== "mobile"),
    budget: 250 * KB,
  },
  { id: "d", label: "everything", plugins: built },
];

if (!process.argv.includes("--no-build")) execSync("npx rollup -c rollup.config.mjs --silent", { cwd: root, stdio: "inherit" });

const outDir = `${root}bench/results/size-apps`;
mkdirSync(outDir, { recursive: true });

const results = [];
let failed = false;
for (const app of apps) {
  const missing = app.plugins.filter((p) => !built.includes(p));
  const plugins = app.plugins.filter((p) => built.includes(p));
  const source = [
    `import { createKit } from "latch-kit";`,
    `import { LatchProvider, useAuthModal } from "latch-kit/react";`,
    `import { createElement } from "react";`,
    `import { createRoot } from "react-dom/client";`,
    ...plugins.map((p) => `import { ${factory[p]} } from "latch-kit/plugins/${p}";`),
    `const kit = createKit({ plugins: [${plugins.map((p) => `${factory[p]}(${factoryArgs[p] ?? ""})`).join(", ")}] });`,
    `function Open() { const { openAuthModal } = useAuthModal(); return createElement("button", { onClick: openAuthModal }, "Sign in"); }`,
    `createRoot(document.getElementById("root")).render(createElement(LatchProvider, { kit }, createElement(Open)));`,
  ].join("\n");
  const entry = `${outDir}/app-${app.id}.mjs`;
  writeFileSync(entry, source);
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: "esm",
    target: "es2022",
    platform: "browser",
    write: false,
    metafile: true,
    external: ["react", "react-dom", "react/*", "react-dom/*"],
    define: { "process.env.NODE_ENV": '"production"' },
    absWorkingDir: root,
    logLevel: "error",
  });
  const code = result.outputFiles[0].contents;
  const min = code.byteLength;
  const gzip = gzipSync(code, { level: 9 }).byteLength;
  // No code of a plugin the app does not import: none of its built files is an input.
  const inputs = Object.keys(result.metafile.inputs);
  const leaked = built.filter((p) => !plugins.includes(p)).filter((p) => inputs.some((i) => i.includes(`dist/plugins/${p}/`)));
  const over = app.budget !== undefined && gzip > app.budget;
  if (over || leaked.length) failed = true;
  const heaviest = Object.entries(result.metafile.outputs[Object.keys(result.metafile.outputs)[0]].inputs)
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
    leakedPlugins: leaked,
    topInputsMinBytes: Object.fromEntries(Object.entries(heaviest).sort((a, b) => b[1] - a[1]).slice(0, 8)),
  });
}

const kb = (n) => `${(n / KB).toFixed(1)} KB`;
console.log("\napp  min        gzip       budget     plugins");
for (const r of results) {
  console.log(
    `${r.app}    ${kb(r.minBytes).padEnd(10)} ${kb(r.gzipBytes).padEnd(10)} ${(r.budgetGzipBytes ? kb(r.budgetGzipBytes) + (r.withinBudget ? " ok" : " OVER") : "—").padEnd(10)} ${r.plugins.join(", ")}${r.missingPlugins.length ? `  (not built yet: ${r.missingPlugins.join(", ")})` : ""}${r.leakedPlugins.length ? `  LEAKED: ${r.leakedPlugins.join(", ")}` : ""}`,
  );
}
console.log("\nheaviest inputs of app a (min bytes):", results[0].topInputsMinBytes);
mkdirSync(`${root}bench/results`, { recursive: true });
writeFileSync(`${root}bench/results/size.json`, JSON.stringify({ measuredAt: new Date().toISOString(), results }, null, 2));
if (failed) {
  console.error("\nsize: a budget is exceeded or an unimported plugin leaked into an app");
  process.exit(1);
}
