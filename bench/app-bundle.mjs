// Shared by the size benchmarks: the small app each one bundles (createKit + LatchProvider + a button
// that opens the dialog), the factory an app calls per plugin entry, and one esbuild configuration
// the way an app's bundler makes a production bundle (tree shaking, minified, react and react-dom
// external, NODE_ENV=production), measured in min and gzip (level 9) bytes.
import { build } from "esbuild";
import { gzipSync } from "node:zlib";

/** The factory an app calls, per plugin entry (`latch-kit/plugins/<id>`). */
export const PLUGIN_FACTORIES = {
  "email-otp": "emailOtp",
  "magic-link": "magicLink",
  mfa: "mfa",
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
  "split-custody": "splitCustody",
};

/** Arguments a plugin's factory needs in a real app. */
export const PLUGIN_FACTORY_ARGS = {
  "smart-accounts": "{ chain: { id: 1, name: 'x', nativeCurrency: { name: 'E', symbol: 'E', decimals: 18 }, rpcUrls: { default: { http: ['http://localhost:8545'] } } } }",
};

/**
 * The source of an app using the given plugin entries: each one imported and its factory called (an
 * entry without a known factory is imported whole, an overestimate). `extraImports` and `body`
 * (statements run inside the component) let a benchmark use hooks too.
 */
export function kitAppSource(pluginIds, { extraImports = [], body = "" } = {}) {
  return [
    `import { createKit } from "latch-kit";`,
    `import { LatchProvider, useAuthModal } from "latch-kit/react";`,
    `import { createElement } from "react";`,
    `import { createRoot } from "react-dom/client";`,
    ...pluginIds.map((id, i) => (PLUGIN_FACTORIES[id] ? `import { ${PLUGIN_FACTORIES[id]} as p${i} } from "latch-kit/plugins/${id}";` : `import * as p${i} from "latch-kit/plugins/${id}";`)),
    ...extraImports,
    `const kit = createKit({ plugins: [${pluginIds.map((id, i) => (PLUGIN_FACTORIES[id] ? `p${i}(${PLUGIN_FACTORY_ARGS[id] ?? ""})` : `...Object.values(p${i})`)).join(", ")}] });`,
    `function Open() { const { openAuthModal } = useAuthModal(); ${body} return createElement("button", { onClick: openAuthModal }, "Sign in"); }`,
    `createRoot(document.getElementById("root")).render(createElement(LatchProvider, { kit }, createElement(Open)));`,
  ].join("\n");
}

/**
 * Bundles one entry file as an app's bundler would; `options` adds esbuild plugins, define, working
 * directory. `latch-kit` imports resolve to the built package (dist/, through the package's exports,
 * as in an app), not to the sources the repository's tsconfig "paths" name — unless `tsconfig` is given.
 */
export async function bundleApp(entry, { absWorkingDir, plugins = [], tsconfig, define = {} } = {}) {
  const result = await build(buildOptions(entry, { absWorkingDir, plugins, tsconfig, define }));
  const code = result.outputFiles[0].contents;
  return { minBytes: code.byteLength, gzipBytes: gzipSync(code, { level: 9 }).byteLength, metafile: result.metafile };
}

/**
 * The same app split the way an app's bundler splits it (each lazy import its own chunk): the bytes of
 * what the first page load fetches, the entry and the chunks it imports statically.
 */
export async function initialChunks(entry, options = {}) {
  const result = await build({ ...buildOptions(entry, options), splitting: true, outdir: "split-out" });
  const outputs = result.metafile.outputs;
  const files = new Map(result.outputFiles.map((file) => [file.path, file.contents]));
  const byName = (name) => [...files.entries()].find(([path]) => path.endsWith(`/${name.replace(/^.*\//, "")}`))?.[1];
  const initial = new Set();
  const visit = (name) => {
    if (initial.has(name)) return;
    initial.add(name);
    for (const i of outputs[name].imports) if (i.kind === "import-statement" && outputs[i.path]) visit(i.path);
  };
  visit(Object.keys(outputs).find((name) => outputs[name].entryPoint));
  let minBytes = 0;
  let gzipBytes = 0;
  for (const name of initial) {
    const code = byName(name);
    minBytes += code.byteLength;
    gzipBytes += gzipSync(code, { level: 9 }).byteLength;
  }
  return { minBytes, gzipBytes };
}

function buildOptions(entry, { absWorkingDir, plugins = [], tsconfig, define = {} }) {
  return {
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: "esm",
    target: "es2022",
    platform: "browser",
    write: false,
    metafile: true,
    external: ["react", "react-dom", "react/*", "react-dom/*"],
    define: { "process.env.NODE_ENV": '"production"', ...define },
    plugins,
    ...(tsconfig ? { tsconfig } : { tsconfigRaw: "{}" }),
    absWorkingDir,
    logLevel: "error",
  };
}
