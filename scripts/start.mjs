// `npm start`: the local emulator, the WalletConnect relay and the playground, together; Ctrl-C stops
// everything started here.
// It also starts the local chains: the EVM devnet (node, bundler, paymaster) and the local Solana
// RPC; `npm start -- --no-devnet` skips them (sign-in only, faster start).
import { spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const children = [];
let stopping = false;

function run(name, command, args, env = {}) {
  // Its own process group: npx → sh → tsx → node do not pass signals on, so stopping signals the group.
  const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...env }, detached: true });
  const prefix = (line) => `[${name}] ${line}`;
  for (const stream of [child.stdout, child.stderr]) {
    let buffer = "";
    stream.on("data", (chunk) => {
      buffer += chunk;
      const lines = buffer.split("\n");
      buffer = lines.pop() ?? "";
      for (const line of lines) console.log(prefix(line));
    });
  }
  child.on("exit", (code, signal) => {
    if (!stopping) {
      console.error(prefix(`exited (${signal ?? code}); stopping everything`));
      stop(code ?? 1);
    }
  });
  children.push(child);
  return child;
}

function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    child.kill(signal); // not a group leader (the sizes job), or already gone
  }
}

function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) signalGroup(child, "SIGTERM");
  const deadline = setTimeout(() => {
    for (const child of children) if (child.exitCode === null) signalGroup(child, "SIGKILL");
    process.exit(code);
  }, 5000);
  Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.on("exit", r)) : null))).then(() => {
    clearTimeout(deadline);
    process.exit(code);
  });
}

process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));

// The playground's bundle-size figures (bench/plugin-sizes.mjs): measured again, in the background,
// when missing or older than the kit's sources; the page reloads by itself when they land.
const root = fileURLToPath(new URL("../", import.meta.url));
const sizesFile = join(root, "playground/src/generated/plugin-sizes.json");
function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stat.mtimeMs);
}
function sizesAreStale() {
  if (!existsSync(sizesFile)) return true;
  const inputs = ["core", "renderer", "plugins", "package.json", "rollup.config.mjs", "bench/plugin-sizes.mjs"].map((p) => join(root, p));
  const newest = Math.max(...inputs.filter((p) => existsSync(p)).map(newestMtime));
  return newest > statSync(sizesFile).mtimeMs;
}
if (sizesAreStale()) {
  console.log("[sizes] measuring the bundle size of each plugin entry for the playground (bench/plugin-sizes.mjs)…");
  const sizes = spawn(process.execPath, [join(root, "bench/plugin-sizes.mjs"), "--quiet"], { stdio: ["ignore", "inherit", "inherit"] });
  children.push(sizes);
  sizes.on("exit", (code) => {
    if (stopping) return;
    console.log(code === 0 ? "[sizes] done: the playground shows them" : `[sizes] failed (${code}); the playground shows no size`);
  });
}

const emulatorPort = process.env.LATCH_EMULATOR_PORT ?? "8787";
// server/walletconnect-relay's default port; on 127.0.0.1 only.
const relayPort = process.env.LATCH_WALLETCONNECT_RELAY_PORT ?? "8788";
const relayUrl = `ws://127.0.0.1:${relayPort}`;
const withChains = !process.argv.includes("--no-devnet");
if (withChains) {
  run("devnet", "npx", ["tsx", "server/devnet/cli.ts"]);
  run("solana", "npx", ["tsx", "server/solana/cli.ts"]);
}
run("emulator", "npx", ["tsx", "server/cli.ts", "--port", emulatorPort]);
run("walletconnect-relay", "npx", ["tsx", "server/walletconnect-relay/cli.ts", "--port", relayPort]);
run("playground", "npx", ["vite", "--config", "playground/vite.config.ts"], {
  LATCH_EMULATOR_URL: `http://localhost:${emulatorPort}`,
  LATCH_WALLETCONNECT_RELAY_URL: relayUrl,
});
console.log(
  `Latch: playground at http://localhost:5173 (dev WalletConnect wallet at http://localhost:5173/wc-wallet.html) — emulator at http://localhost:${emulatorPort} — WalletConnect relay at ${relayUrl}${withChains ? " — devnet at http://127.0.0.1:8545, Solana RPC at http://localhost:8899" : ""} (Ctrl-C stops everything)`,
);
