// `npx tsx bench/solana-size.ts [--web3 <dir>]`: what Solana adds to an app, min+gzip (level 9),
// react/react-dom external, bundled from source the way an app's bundler would (esbuild, tree
// shaking, minified). Apps: the base (core + react + email-otp), + the solana-embedded plugin
// factory alone, + every Solana hook in use; the @solana/kit pieces the plugin uses, alone. With
// --web3 <dir> (a directory where `npm install @solana/web3.js@1` was run: it is not a dependency
// of this repository), the same operations on @solana/web3.js for comparison.
// Writes bench/results/solana-size.json.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
// @ts-expect-error: a plain ESM module of the benchmarks, without types
import { bundleApp, kitAppSource } from "./app-bundle.mjs";

const root = fileURLToPath(new URL("../", import.meta.url));
const web3Index = process.argv.indexOf("--web3");
const web3Dir = web3Index === -1 ? undefined : process.argv[web3Index + 1];

const embedded = (hooks: string[], body: string) =>
  kitAppSource(["email-otp", "solana-embedded"], { extraImports: hooks.length ? [`import { ${hooks.join(", ")} } from "latch-kit/plugins/solana-embedded";`] : [], body });

const apps: Record<string, string> = {
  base: kitAppSource(["email-otp"]),
  pluginFactory: embedded([], ""),
  allHooks: embedded(
    ["useSolanaSigner", "useSolanaSignMessage", "useSolanaTransaction", "useSolanaConnection"],
    `const s = useSolanaSigner(); const m = useSolanaSignMessage(); const t = useSolanaTransaction({ policyId: "p" }); const c = useSolanaConnection(); globalThis.x = [s, m, t, c];`,
  ),
  // Without useSolanaConnection: no @solana/kit RPC client.
  signAndSendHooks: embedded(
    ["useSolanaSigner", "useSolanaSignMessage", "useSolanaTransaction"],
    `const s = useSolanaSigner(); const m = useSolanaSignMessage(); const t = useSolanaTransaction({ policyId: "p" }); globalThis.x = [s, m, t];`,
  ),
  signOnlyHooks: embedded(["useSolanaSigner", "useSolanaSignMessage"], `const s = useSolanaSigner(); const m = useSolanaSignMessage(); globalThis.x = [s, m];`),
};

// The @solana/kit pieces alone (no kit, no React): what each part of the plugin costs.
const kitPieces: Record<string, string> = {
  kitRpc: `import { createSolanaRpc } from "@solana/kit"; globalThis.x = createSolanaRpc("http://localhost:8899");`,
  kitBuildAndWire: `import { createTransactionMessage, setTransactionMessageFeePayer, setTransactionMessageLifetimeUsingBlockhash, appendTransactionMessageInstructions, compileTransaction, getBase64EncodedWireTransaction } from "@solana/kit";
globalThis.x = [createTransactionMessage, setTransactionMessageFeePayer, setTransactionMessageLifetimeUsingBlockhash, appendTransactionMessageInstructions, compileTransaction, getBase64EncodedWireTransaction];`,
  kitSystemTransferBuilder: `import { getTransferSolInstruction } from "@solana-program/system"; globalThis.x = getTransferSolInstruction;`,
  kitAllOfPlugin: `import { createSolanaRpc, createTransactionMessage, setTransactionMessageFeePayer, setTransactionMessageLifetimeUsingBlockhash, appendTransactionMessageInstructions, compileTransaction, getBase64EncodedWireTransaction, getTransactionDecoder, getTransactionEncoder, getBase64Encoder, getBase64Decoder, getCompiledTransactionMessageDecoder } from "@solana/kit";
globalThis.x = [createSolanaRpc, createTransactionMessage, setTransactionMessageFeePayer, setTransactionMessageLifetimeUsingBlockhash, appendTransactionMessageInstructions, compileTransaction, getBase64EncodedWireTransaction, getTransactionDecoder, getTransactionEncoder, getBase64Encoder, getBase64Decoder, getCompiledTransactionMessageDecoder];`,
};

// The same operations on @solana/web3.js 1.x: a connection, a v0 transfer compiled, serialized and deserialized.
const web3Pieces: Record<string, string> = {
  web3PublicKeyTransaction: `import { PublicKey, Transaction } from "@solana/web3.js"; globalThis.x = [PublicKey, Transaction];`,
  web3AllOfPlugin: `import { Connection, PublicKey, SystemProgram, TransactionMessage, VersionedTransaction } from "@solana/web3.js";
globalThis.x = async (url, a, b) => { const c = new Connection(url, "confirmed"); const { blockhash } = await c.getLatestBlockhash();
const m = new TransactionMessage({ payerKey: new PublicKey(a), recentBlockhash: blockhash, instructions: [SystemProgram.transfer({ fromPubkey: new PublicKey(a), toPubkey: new PublicKey(b), lamports: 1 })] }).compileToV0Message();
const t = new VersionedTransaction(m); return [VersionedTransaction.deserialize(t.serialize()), await c.sendRawTransaction(t.serialize()), await c.getSignatureStatuses([""])]; };`,
};

/** `latch-kit`, `latch-kit/react`, `latch-kit/plugins/x` resolve to the sources (as in tsconfig "paths"). */
const sources = {
  name: "latch-kit-sources",
  setup(b: import("esbuild").PluginBuild) {
    b.onResolve({ filter: /^latch-kit(\/.*)?$/ }, (args) => {
      const sub = args.path.slice("latch-kit".length);
      const dir = sub === "" ? "core" : sub === "/react" ? "renderer" : sub === "/chain" ? "core/chain" : sub.slice(1);
      return { path: join(root, dir, "index.ts") };
    });
  },
};

async function measure(source: string, dir: string, workDir: string) {
  const entry = join(dir, `entry-${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(entry, source);
  try {
    const { minBytes, gzipBytes } = await bundleApp(entry, { absWorkingDir: workDir, tsconfig: join(root, "tsconfig.json"), plugins: [sources], define: { global: "globalThis" } });
    return { minBytes, gzipBytes };
  } finally {
    rmSync(entry, { force: true });
  }
}

mkdirSync(join(root, "node_modules/.cache"), { recursive: true });
const work = mkdtempSync(join(root, "node_modules/.cache/latch-solana-size-"));
const results: Record<string, { minBytes: number; gzipBytes: number }> = {};
try {
  for (const [name, source] of Object.entries(apps)) results[name] = await measure(source, work, root);
  for (const [name, source] of Object.entries(kitPieces)) results[name] = await measure(source, work, root);
  if (web3Dir) for (const [name, source] of Object.entries(web3Pieces)) results[name] = await measure(source, web3Dir, web3Dir);
} finally {
  rmSync(work, { recursive: true, force: true });
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const over = (name: string) => results[name]!.gzipBytes - results.base!.gzipBytes;
const increments = {
  pluginFactoryGzipBytes: over("pluginFactory"),
  signOnlyHooksGzipBytes: over("signOnlyHooks"),
  signAndSendHooksGzipBytes: over("signAndSendHooks"),
  allHooksGzipBytes: over("allHooks"),
};
for (const [name, r] of Object.entries(results)) console.log(`${name.padEnd(26)} min ${kb(r.minBytes).padStart(9)}   gzip ${kb(r.gzipBytes).padStart(8)}`);
console.log(
  `\nsolana-embedded over the base app (gzip): factory only +${kb(increments.pluginFactoryGzipBytes)}, signer + sign message +${kb(increments.signOnlyHooksGzipBytes)}, + transactions +${kb(increments.signAndSendHooksGzipBytes)}, + useSolanaConnection (kit RPC) +${kb(increments.allHooksGzipBytes)}`,
);
if (!web3Dir) console.log("(run with --web3 <dir with @solana/web3.js@1 installed> to compare with web3.js)");
mkdirSync(join(root, "bench/results"), { recursive: true });
writeFileSync(join(root, "bench/results/solana-size.json"), JSON.stringify({ measuredAt: new Date().toISOString(), results, increments }, null, 2));
