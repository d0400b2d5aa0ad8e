// `npm start`: the local emulator, the WalletConnect relay and the playground, together; Ctrl-C stops
// everything started here.
// It also starts the local chains: the EVM devnet (node, bundler, paymaster) and the local Solana
// RPC; `npm start -- --no-devnet` skips them (sign-in only, faster start). If a chain fails, the rest
// keeps running and a banner says what is down and how to start it again.
//
// Ports (each can be set with an environment variable; a taken one moves to the next free port):
//   LATCH_PLAYGROUND_PORT 5173, LATCH_EMULATOR_PORT 8787, LATCH_WALLETCONNECT_RELAY_PORT 8788,
//   LATCH_DEVNET_PORT 8545, LATCH_DEVNET_BUNDLER_PORT 4337, LATCH_DEVNET_PAYMASTER_PORT 3000, LATCH_SOLANA_PORT 8899.
// `npm start -- --help` prints the options.
import { spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { connect } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { choosePorts } from "./start/ports.mjs";
import { warmVite } from "./start/warm-vite.mjs";

const root = fileURLToPath(new URL("../", import.meta.url));

const USAGE = `npm start [-- options]: the emulator, the WalletConnect relay, the playground and the local chains.

Options:
  --no-devnet   skip the local chains (EVM devnet, Solana RPC): sign-in only, faster start
  --custody=split | --custody=split-required
                new wallets in split custody (SECURITY.md); the playground shows each wallet's mode
  --help, -h    print this and exit

Ports (a taken one is replaced by the next free port, and the summary prints the URLs used):
  LATCH_PLAYGROUND_PORT 5173, LATCH_EMULATOR_PORT 8787, LATCH_WALLETCONNECT_RELAY_PORT 8788,
  LATCH_DEVNET_PORT 8545, LATCH_DEVNET_BUNDLER_PORT 4337, LATCH_DEVNET_PAYMASTER_PORT 3000,
  LATCH_SOLANA_PORT 8899
`;
const args = process.argv.slice(2);
if (args.includes("--help") || args.includes("-h")) {
  process.stdout.write(USAGE);
  process.exit(0);
}
const CUSTODY_FLAG = /^--custody=(server|split|split-required)$/;
const unknown = args.filter((arg) => arg !== "--no-devnet" && !CUSTODY_FLAG.test(arg));
if (unknown.length > 0) {
  process.stderr.write(`npm start: unknown option ${unknown.join(" ")}\n\n${USAGE}`);
  process.exit(2);
}
const withChains = !args.includes("--no-devnet");
const custody = args.map((arg) => CUSTODY_FLAG.exec(arg)?.[1]).find(Boolean);

const env = (name, fallback) => process.env[name] ?? fallback;
const wanted = {
  playground: { port: env("LATCH_PLAYGROUND_PORT", "5173"), variable: "LATCH_PLAYGROUND_PORT" },
  emulator: { port: env("LATCH_EMULATOR_PORT", "8787"), variable: "LATCH_EMULATOR_PORT" },
  relay: { port: env("LATCH_WALLETCONNECT_RELAY_PORT", "8788"), variable: "LATCH_WALLETCONNECT_RELAY_PORT" },
  ...(withChains
    ? {
        devnet: { port: env("LATCH_DEVNET_PORT", "8545"), variable: "LATCH_DEVNET_PORT" },
        bundler: { port: env("LATCH_DEVNET_BUNDLER_PORT", "4337"), variable: "LATCH_DEVNET_BUNDLER_PORT" },
        paymaster: { port: env("LATCH_DEVNET_PAYMASTER_PORT", "3000"), variable: "LATCH_DEVNET_PAYMASTER_PORT" },
        solana: { port: env("LATCH_SOLANA_PORT", "8899"), variable: "LATCH_SOLANA_PORT" },
      }
    : {}),
};
// Checked before anything starts: a port another program holds would otherwise fail a service after
// 'ready', and the readiness checks would take that program's answers for ours.
let ports;
try {
  const chosen = await choosePorts(wanted);
  ports = chosen.ports;
  for (const { name, variable, from, to } of chosen.moved) console.log(`[start] port ${from} is taken: ${name} uses ${to} (set ${variable} to choose)`);
} catch (error) {
  console.error(`[start] ${error.message}`);
  process.exit(1);
}
const urls = {
  playground: `http://localhost:${ports.playground}`,
  emulator: `http://localhost:${ports.emulator}`,
  relay: `ws://127.0.0.1:${ports.relay}`,
  devnet: `http://127.0.0.1:${ports.devnet}`,
  bundler: `http://127.0.0.1:${ports.bundler}`,
  paymaster: `http://127.0.0.1:${ports.paymaster}`,
  solana: `http://localhost:${ports.solana}`,
};
const started = Date.now();
const seconds = () => Math.round((Date.now() - started) / 1000);

// ---- readiness probes -------------------------------------------------------------------------

async function answers(url, init) {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(2000) });
    return response.ok;
  } catch {
    return false;
  }
}
const rpcAnswers = (url, method) =>
  answers(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params: [] }) });
const listens = (port) =>
  new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port: Number(port) });
    socket.once("connect", () => socket.end(() => resolve(true)));
    socket.once("error", () => resolve(false));
  });

// ---- services ---------------------------------------------------------------------------------

const flagIfMoved = (flag, port, fallback) => (port === fallback ? [] : [flag, port]);
/**
 * `optional`: when it fails, the others keep running (the playground says what it lacks). `quiet`: lines it
 * prints that are not shown (secrets, noise). `retry`: the command that starts it alone.
 */
const services = [
  ...(withChains
    ? [
        {
          name: "devnet",
          label: "the EVM devnet (node, bundler, paymaster)",
          args: ["tsx", "server/devnet/cli.ts", "--json", "--port", ports.devnet, "--bundler-port", ports.bundler, "--paymaster-port", ports.paymaster],
          ready: () => rpcAnswers(urls.devnet, "eth_chainId"),
          // Its --json line lists funded test keys: not for the console.
          quiet: (line) => line.startsWith("{"),
          optional: "smart accounts and the dev wallets' transactions need it",
          retry: ["npm run devnet --", ...flagIfMoved("--port", ports.devnet, "8545"), ...flagIfMoved("--bundler-port", ports.bundler, "4337"), ...flagIfMoved("--paymaster-port", ports.paymaster, "3000")],
        },
        {
          name: "solana",
          label: "the local Solana RPC",
          args: ["tsx", "server/solana/cli.ts", "--json", "--port", ports.solana],
          ready: () => rpcAnswers(urls.solana, "getHealth"),
          quiet: (line) => line.startsWith("{"),
          optional: "Solana sign-in transfers and the dev Solana wallet need it",
          retry: ["npm run solana --", ...flagIfMoved("--port", ports.solana, "8899")],
        },
      ]
    : []),
  {
    name: "emulator",
    label: "the emulator",
    args: ["tsx", "server/cli.ts", "--port", ports.emulator, ...(custody ? ["--custody", custody] : [])],
    ready: () => answers(`${urls.emulator}/health`),
  },
  {
    name: "walletconnect-relay",
    label: "the WalletConnect relay",
    args: ["tsx", "server/walletconnect-relay/cli.ts", "--port", ports.relay],
    ready: () => listens(ports.relay),
  },
  {
    name: "playground",
    label: "the playground",
    args: ["vite", "--config", "playground/vite.config.ts", "--clearScreen", "false"],
    env: {
      LATCH_PLAYGROUND_PORT: ports.playground,
      LATCH_EMULATOR_URL: urls.emulator,
      LATCH_WALLETCONNECT_RELAY_URL: urls.relay,
      LATCH_DEVNET_RPC_URL: urls.devnet,
      LATCH_DEVNET_BUNDLER_URL: urls.bundler,
      LATCH_DEVNET_PAYMASTER_URL: urls.paymaster,
      LATCH_SOLANA_RPC_URL: urls.solana,
    },
    ready: playgroundWarmed,
  },
];

// Ready once it answers and its modules are prepared: a first start has Vite bundle the
// dependencies and transform the sources now, not during the first page load.
let warming = null;
async function playgroundWarmed() {
  if (!(await answers(`${urls.playground}/`))) return false;
  if (!warming) {
    console.log("[start] the playground answers; preparing its modules (a first start bundles its dependencies)…");
    warming = warmVite(urls.playground, ["/", "/wc-wallet.html"]).then(({ modules, failed }) => {
      if (failed.length) console.warn(`[start] ${failed.length} of ${modules.length} playground modules failed to load (the page shows why): ${failed.slice(0, 3).join(", ")}`);
      return true;
    });
  }
  return warming;
}

// ---- processes --------------------------------------------------------------------------------

const children = [];
let stopping = false;

function run(service) {
  // The tool's own bin (no npx: it would add a second or two and npm's own warnings to every line).
  // Its own process group: tsx → node do not pass signals on, so stopping signals the group.
  const [tool, ...args] = service.args;
  const child = spawn(join(root, "node_modules/.bin", tool), args, { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...service.env }, detached: true });
  const tail = [];
  for (const stream of [child.stdout, child.stderr]) {
    let buffer = "";
    stream.on("data", (chunk) => {
      buffer += chunk;
      const lines = buffer.split("\n");
      buffer = lines.pop() ?? "";
      for (const line of lines) {
        if (service.quiet?.(line)) continue;
        tail.push(line);
        if (tail.length > 40) tail.shift();
        console.log(`[${service.name}] ${line}`);
      }
    });
  }
  service.state = "starting";
  child.on("exit", (code, signal) => {
    if (stopping) return;
    service.state = "down";
    const how = `exited (${signal ?? `code ${code}`})`;
    if (service.optional) {
      banner([
        `${service.label} is down: it ${how}${service.wasReady ? "" : " before it was ready"}.`,
        ...lastError(tail),
        `The playground, the emulator and the relay keep running; ${service.optional}.`,
        `Start it again in another terminal: ${service.retry.join(" ").replace(/ --$/, "")}`,
      ]);
      reportWhenSettled();
    } else {
      console.error(`[${service.name}] ${how}; ${service.label} is needed, so everything stops.`);
      stop(code ?? 1);
    }
  });
  children.push(child);
}

/** The line that says why it failed (the last `Error: …`), else its last line. */
function lastError(tail) {
  const lines = tail.map((line) => line.trim()).filter(Boolean);
  const error = lines.findLast((line) => /^(\w*Error|error)\b/.test(line)) ?? lines.at(-1);
  return error ? [`  > ${error}`] : [];
}

function banner(lines) {
  const rule = "=".repeat(Math.min(100, Math.max(...lines.map((l) => l.length)) + 2));
  console.error(["", rule, ...lines.map((l) => ` ${l}`), rule, ""].join("\n"));
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
  clearInterval(progress);
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

// ---- the playground's bundle-size figures -----------------------------------------------------
// bench/plugin-sizes.mjs, measured again in the background when missing or older than the kit's
// sources; the page reloads by itself when they land.
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

// ---- readiness: a line every few seconds while something is starting ---------------------------

let reported = false;
const downMark = (name) => (services.find((s) => s.name === name)?.state === "down" ? "   DOWN (see above)" : "");
function reportWhenSettled() {
  if (reported || services.some((s) => s.state === "starting")) return;
  reported = true;
  clearInterval(progress);
  const down = services.filter((s) => s.state === "down").map((s) => s.name);
  console.log(
    [
      "",
      `Latch: ready in ${seconds()} s${down.length ? ` (down: ${down.join(", ")}; see above)` : ""} — Ctrl-C stops everything`,
      `  playground          ${urls.playground}   (dev WalletConnect wallet: ${urls.playground}/wc-wallet.html)`,
      `  emulator            ${urls.emulator}   (dev inbox: ${urls.emulator}/dev/inbox)`,
      `  WalletConnect relay ${urls.relay}`,
      ...(withChains
        ? [
            `  devnet              ${urls.devnet} (bundler ${urls.bundler}, paymaster ${urls.paymaster})${downMark("devnet")}`,
            `  Solana RPC          ${urls.solana}${downMark("solana")}`,
          ]
        : []),
      "",
    ].join("\n"),
  );
}

async function watchReadiness(service) {
  while (service.state === "starting" && !stopping) {
    if (await service.ready()) {
      if (service.state !== "starting") return;
      service.state = "ready";
      service.wasReady = true;
      reportWhenSettled();
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const progress = setInterval(() => {
  const waiting = services.filter((s) => s.state === "starting").map((s) => s.label);
  if (waiting.length) console.log(`[start] ${seconds()} s: waiting for ${waiting.join(", ")}…`);
}, 5000);

// ---- go ---------------------------------------------------------------------------------------

console.log(`[start] starting ${services.map((s) => s.label).join(", ")}${withChains ? "" : " (no chains: --no-devnet)"}…`);
for (const service of services) {
  run(service);
  void watchReadiness(service);
}
if (sizesAreStale()) {
  console.log("[sizes] measuring the bundle size of each plugin entry for the playground (bench/plugin-sizes.mjs), in the background…");
  const sizes = spawn(process.execPath, [join(root, "bench/plugin-sizes.mjs"), "--quiet"], { stdio: ["ignore", "inherit", "inherit"] });
  children.push(sizes);
  sizes.on("exit", (code) => {
    if (stopping) return;
    console.log(code === 0 ? "[sizes] done: the playground shows them" : `[sizes] failed (${code}); the playground shows no size`);
  });
}
