// `npm run build:server`: the installable server package `latch-server` in dist-server/ (pack it with
// `npm pack ./dist-server`). esbuild compiles the repository's server source (server/, wire/,
// lib/*/server, plugins/*/server) to JavaScript for Node 20+, npm libraries kept external; the frames'
// browser scripts are bundled here once, so the package needs no bundler at run time. The generated
// package.json depends on exactly the libraries the compiled code imports, at the root manifest's
// versions. Types come from tsc (declarations of the two public entries and what they reach).
import { execFileSync } from "node:child_process";
import { builtinModules } from "node:module";
import { chmodSync, cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("..", import.meta.url));
const out = join(root, "dist-server");
const rootManifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const NODE_TARGET = "node20.19";

/** The package's entries: the library, the method authors' contract, the command, the derivation worker. */
const ENTRIES = {
  index: "server/library.ts",
  method: "server/method-kit.ts",
  cli: "server/serverCli.ts",
  derivationWorker: "server/crypto/derivationWorker.ts",
};
const FRAME_SCRIPTS = { authFrameBundle: "server/frames/authFrame.client.ts", exportFrameBundle: "server/frames/exportFrame.client.ts", importFrameBundle: "server/frames/importFrame.client.ts" };
/**
 * What ships beside the code: the server guide is the package's README; the plugin guide
 * (ARCHITECTURE.md) with the example method it walks through; the wire contract; the recipes.
 */
const DOCS = {
  "server/README.md": "README.md",
  LICENSE: "LICENSE",
  "SECURITY.md": "SECURITY.md",
  "docs/ARCHITECTURE.md": "docs/ARCHITECTURE.md",
  "docs/signer-api.md": "docs/signer-api.md",
  "docs/deployment.md": "docs/deployment.md",
  "docs/embedding.md": "docs/embedding.md",
  "docs/emulator.md": "docs/emulator.md",
  "docs/writing-a-method.md": "docs/writing-a-method.md",
  "test/fixtures/backup-code": "examples/backup-code",
  "test/fixtures/third-party-method": "examples/third-party-method",
};
/** Links between the shipped documents, as they sit in the package. */
const LINKS = [
  [/\]\(\.\.\/docs\//g, "](docs/", "README.md"],
  [/\]\(\.\.\/server\/README\.md/g, "](../README.md", "docs/"],
  [/\]\(\.\.\/test\/fixtures\//g, "](../examples/", "docs/"],
  [/\]\(\.\.\/SECURITY\.md/g, "](SECURITY.md", "README.md"],
];

/** Rewrites the links of the shipped Markdown for the package's layout; a link that still leads nowhere fails the build. */
function shipDocs() {
  for (const [from, to] of Object.entries(DOCS)) {
    mkdirSync(dirname(join(out, to)), { recursive: true });
    cpSync(join(root, from), join(out, to), { recursive: true });
  }
  // The example method imports the contract by the package's name, as a method outside the repository does.
  for (const name of readdirSync(join(out, "examples/backup-code"))) {
    const path = join(out, "examples/backup-code", name);
    writeFileSync(path, readFileSync(path, "utf8").replace(/(["'])(?:\.\.\/)+server\/method-kit\1/g, '"latch-server/method"'));
  }
  const broken = [];
  for (const file of Object.values(DOCS).filter((path) => path.endsWith(".md"))) {
    let text = readFileSync(join(out, file), "utf8");
    for (const [pattern, replacement, where] of LINKS) if (file.startsWith(where)) text = text.replace(pattern, replacement);
    writeFileSync(join(out, file), text);
    for (const [, target] of text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
      if (/^[a-z]+:/.test(target)) continue;
      if (!existsSync(join(out, dirname(file), target))) broken.push(`${file} → ${target}`);
    }
  }
  if (broken.length) throw new Error(`links that lead nowhere in the package:\n${broken.join("\n")}`);
}

async function frameScripts() {
  const scripts = {};
  for (const [name, entry] of Object.entries(FRAME_SCRIPTS)) {
    const result = await build({ entryPoints: [join(root, entry)], bundle: true, write: false, format: "iife", platform: "browser", target: "es2022", minify: true, legalComments: "none", logLevel: "warning" });
    scripts[name] = result.outputFiles[0].text;
  }
  return scripts;
}

/** server/frames/bundle.ts bundles the frame scripts on first use (esbuild at run time); the package serves them prebuilt. */
const prebuiltFrames = (scripts) => ({
  name: "prebuilt-frames",
  setup(b) {
    b.onLoad({ filter: /server[\\/]frames[\\/]bundle\.ts$/ }, () => ({
      loader: "js",
      contents: Object.entries(scripts).map(([name, text]) => `export const ${name} = () => Promise.resolve(${JSON.stringify(text)});`).join("\n"),
    }));
  },
});

function packageName(specifier) {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

function dependenciesOf(metafile) {
  const builtins = new Set(builtinModules);
  const names = new Set();
  for (const output of Object.values(metafile.outputs)) {
    for (const { path, external } of output.imports) {
      if (!external || path.startsWith("node:") || builtins.has(path)) continue;
      names.add(packageName(path));
    }
  }
  const versions = { ...rootManifest.devDependencies, ...rootManifest.dependencies };
  const unknown = [...names].filter((name) => !versions[name]);
  if (unknown.length) throw new Error(`the server imports ${unknown.join(", ")}, which the root package.json does not list`);
  return Object.fromEntries([...names].sort().map((name) => [name, versions[name]]));
}

function manifest(dependencies) {
  return {
    name: "latch-server",
    version: rootManifest.version,
    description: "The Latch server: sign-in (email and SMS codes, passkeys, social, JWT, MFA) and embedded wallets for apps on latch-kit. A command, or a fetch handler to mount in your own Node server.",
    type: "module",
    license: rootManifest.license,
    engines: rootManifest.engines,
    bin: { "latch-server": "./dist/cli.js" },
    exports: {
      ".": { types: "./types/server/library.d.ts", import: "./dist/index.js" },
      "./method": { types: "./types/server/method-kit.d.ts", import: "./dist/method.js" },
      "./package.json": "./package.json",
    },
    files: ["dist", "types", "docs", "examples", "README.md", "SECURITY.md", "LICENSE"],
    dependencies,
    ...(rootManifest.overrides ? { overrides: rootManifest.overrides } : {}),
  };
}

function declarations() {
  const tsconfig = join(root, "tsconfig.server-build.json");
  writeFileSync(
    tsconfig,
    JSON.stringify({
      extends: "./tsconfig.json",
      compilerOptions: { noEmit: false, declaration: true, emitDeclarationOnly: true, outDir: join(out, "types"), rootDir: ".", types: ["node"] },
      include: [],
      files: ["server/library.ts", "server/method-kit.ts"],
    }),
  );
  try {
    execFileSync(join(root, "node_modules/.bin/tsc"), ["-p", tsconfig], { cwd: root, stdio: "inherit" });
  } finally {
    rmSync(tsconfig, { force: true });
  }
  for (const file of readdirSync(join(out, "types"), { recursive: true, encoding: "utf8" })) {
    if (file.endsWith(".d.ts")) withExtensions(join(out, "types", file));
  }
}

/** `from "./x"` → `from "./x.js"` (or `./x/index.js`): what TypeScript needs under `moduleResolution: node16/nodenext`. */
function withExtensions(path) {
  const text = readFileSync(path, "utf8").replace(/((?:from|import)\s*\(?\s*)(["'])(\.{1,2}\/[^"']+)\2/g, (whole, before, quote, specifier) => {
    if (/\.(js|json)$/.test(specifier)) return whole;
    const target = join(dirname(path), specifier);
    if (existsSync(`${target}.d.ts`)) return `${before}${quote}${specifier}.js${quote}`;
    if (existsSync(join(target, "index.d.ts"))) return `${before}${quote}${specifier}/index.js${quote}`;
    throw new Error(`${path}: cannot resolve the declaration of ${specifier}`);
  });
  writeFileSync(path, text);
}

rmSync(out, { recursive: true, force: true });
const result = await build({
  entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, entry]) => [name, join(root, entry)])),
  outdir: join(out, "dist"),
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: NODE_TARGET,
  packages: "external",
  // Chunks beside the entries: the derivation pool finds its worker as ./derivationWorker.js.
  chunkNames: "[name]-[hash]",
  metafile: true,
  legalComments: "none",
  logLevel: "warning",
  plugins: [prebuiltFrames(await frameScripts())],
});
chmodSync(join(out, "dist/cli.js"), 0o755);
declarations();
shipDocs();
writeFileSync(join(out, "package.json"), `${JSON.stringify(manifest(dependenciesOf(result.metafile)), null, 2)}\n`);
console.log(`latch-server built in ${out}: npm pack ./dist-server`);
