// Builds every entry of package.json "exports" to ESM under dist/ (the .d.ts files come from
// `tsc -p tsconfig.build.json`, one per source file: that keeps the plugins' `declare module`
// registrations of steps and payloads, which a bundled .d.ts loses).
// The entry's source is derived from its export name: "." → core, "./react" → renderer,
// "./chain" → core/chain, "./wagmi" → integrations/wagmi, "./plugins/<id>" → plugins/<id>. Dependencies and the package's own entries stay external,
// so an app's bundler shares one copy of core between the renderer and the plugins. The JS keeps one
// file per source module: with "sideEffects" naming only the file that loads a polyfill, an app's
// bundler then drops whole modules the app does not reach (e.g. the development-only config
// schemas), as it would from the sources; merged chunks would keep their top-level statements.
import { readFileSync } from "node:fs";
import esbuild from "rollup-plugin-esbuild";

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8"));

const SOURCES = { ".": "core", "./react": "renderer", "./chain": "core/chain", "./wagmi": "integrations/wagmi" };
const sourceOf = (exportName) => SOURCES[exportName] ?? exportName.replace(/^\.\//, "");

const entries = Object.keys(pkg.exports).map((name) => ({ name, dir: sourceOf(name) }));
const input = Object.fromEntries(entries.map(({ dir }) => [`${dir}/index`, `${dir}/index.ts`]));

const dependencies = [
  ...Object.keys(pkg.dependencies ?? {}),
  ...Object.keys(pkg.peerDependencies ?? {}),
  pkg.name,
];
// The React entry is a client module for React Server Components (Next's App Router): a server
// layout may render <AuthCard /> or import the hooks' module. rollup drops module-level directives
// from sources, so the entry file gets it as a banner.
const CLIENT_ENTRIES = new Set(["renderer/index"]);
const banner = (chunk) => (chunk.isEntry && CLIENT_ENTRIES.has(chunk.name) ? '"use client";' : "");

const external = (id) => dependencies.some((dep) => id === dep || id.startsWith(`${dep}/`));

export default [
  {
    input,
    external,
    output: { dir: "dist", format: "esm", entryFileNames: "[name].js", preserveModules: true, preserveModulesRoot: ".", banner },
    plugins: [esbuild({ target: "es2022", jsx: "automatic", tsconfig: "tsconfig.json" })],
  },
];
