// Emulator numbers: cold start (in memory, data dir) and requests/s with p50/p99 latency for
// lookup, signup, auth (creates a code), otp (submits it) and sign-payload, at modest concurrency.
// The emulator runs in its own process so the load generator does not share its event loop.
// Usage: node bench/emulator.mjs  → prints a table, writes bench/results/emulator.json
import { spawn } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { register } from "tsx/esm/api";

register();
const self = fileURLToPath(import.meta.url);
const root = fileURLToPath(new URL("../", import.meta.url));
const CONCURRENCY = 8;
const [mode, arg] = process.argv.slice(2);

if (mode === "--cold") await coldChild(arg);
else if (mode === "--serve") await serveChild();
else await main();

async function coldChild(kind) {
  const { startServer } = await import("../server/index.ts");
  const options = kind.startsWith("datadir") ? { dataDir: process.env.BENCH_DATA_DIR } : { memory: true };
  const t0 = performance.now();
  const first = await startServer(options);
  const startMs = performance.now() - t0;
  const processReadyMs = performance.now();
  await first.stop();
  let secondMs = null;
  if (kind === "memory") {
    const t1 = performance.now();
    const second = await startServer({ memory: true });
    secondMs = performance.now() - t1;
    await second.stop();
  }
  process.stdout.write(`${JSON.stringify({ startMs, processReadyMs, secondMs })}\n`);
  process.exit(0);
}

async function serveChild() {
  const { startServer } = await import("../server/index.ts");
  const emulator = await startServer({ memory: true, limits: { sendMaxPerWindow: 1e9 } });
  process.stdout.write(`${JSON.stringify({ url: emulator.url })}\n`);
  process.on("SIGTERM", () => emulator.stop().then(() => process.exit(0)));
}

function runChild(args, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [self, ...args], { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
      const line = out.split("\n").find((l) => l.startsWith("{"));
      if (line) resolve({ child, result: JSON.parse(line) });
    });
    child.on("exit", (code) => code && reject(new Error(`child ${args.join(" ")} exited ${code}`)));
  });
}

async function cold(kind, env) {
  const { child, result } = await runChild(["--cold", kind], env);
  await new Promise((r) => child.once("exit", r));
  return result;
}

/** Runs `ops` with CONCURRENCY workers; returns per-request latencies and the wall time. */
async function load(ops) {
  const latencies = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < ops.length) {
        const op = ops[next++];
        const t = performance.now();
        await op();
        latencies.push(performance.now() - t);
      }
    }),
  );
  return summarize(latencies, performance.now() - t0);
}

function summarize(latencies, wallMs) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  const round = (x) => Math.round(x * 100) / 100;
  return { requests: sorted.length, rps: Math.round((sorted.length / wallMs) * 1000), p50Ms: round(at(0.5)), p99Ms: round(at(0.99)) };
}

async function main() {
  const client = await import("../test/server/support/client.ts");
  const results = { machine: { cpus: (await import("node:os")).cpus().length, node: process.version }, concurrency: CONCURRENCY, coldStart: {}, routes: {} };

  const freshTmp = mkdtempSync(join(tmpdir(), "latch-bench-tmp-"));
  const dataDir = mkdtempSync(join(tmpdir(), "latch-bench-data-"));
  try {
    const noCache = await cold("memory", { TMPDIR: freshTmp });
    const cached = await cold("memory");
    const newDir = await cold("datadir-new", { BENCH_DATA_DIR: dataDir });
    const existingDir = await cold("datadir-existing", { BENCH_DATA_DIR: dataDir });
    results.coldStart = {
      memoryFirstEverMs: round(noCache.startMs),
      memoryTemplateCachedOnDiskMs: round(cached.startMs),
      memoryNextInstanceSameProcessMs: round(cached.secondMs),
      dataDirNewMs: round(newDir.startMs),
      dataDirExistingMs: round(existingDir.startMs),
      processReadyMemoryCachedMs: round(cached.processReadyMs),
    };
  } finally {
    rmSync(freshTmp, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }

  const { child, result } = await runChild(["--serve"]);
  try {
    const api = new client.EmulatorClient(result.url);
    const N = 200;
    const emails = Array.from({ length: N }, (_, i) => `bench-${i}-${Date.now()}@example.test`);
    const targets = emails.map(() => client.newTargetKey());

    results.routes.lookup = await load(Array.from({ length: 1000 }, (_, i) => () => api.ok("lookup", { email: emails[i % N] })));
    const signups = [];
    results.routes.signup = await load(emails.map((email, i) => async () => signups.push({ email, i, ...(await api.ok("signup", { email, targetPublicKey: targets[i].publicKey })) })));
    const codeOf = async () => new Map((await api.messages()).reverse().map((m) => [m.to, m.code]));
    let codes = await codeOf();
    results.routes["otp (submit)"] = await load(
      signups.map((s) => () => api.ok("otp", { orgId: s.orgId, otpId: s.otpId, otpCode: codes.get(s.email), targetPublicKey: targets[s.i].publicKey })),
    );
    const auths = [];
    results.routes["auth (create + send code)"] = await load(
      signups.map((s) => async () => auths.push({ ...s, ...(await api.ok("auth", { email: s.email, targetPublicKey: targets[s.i].publicKey })) })),
    );
    codes = await codeOf();
    const sessions = [];
    results.routes["otp (submit, sign-in)"] = await load(
      auths.map((a) => async () => {
        const answer = await api.ok("otp", { orgId: a.orgId, otpId: a.otpId, otpCode: codes.get(a.email), targetPublicKey: targets[a.i].publicKey });
        sessions.push({ a, answer });
      }),
    );
    results.routes["auth → inbox → otp (full path)"] = await load(
      signups.slice(0, 100).map((s) => async () => {
        const { otpId } = await api.ok("auth", { email: s.email, targetPublicKey: targets[s.i].publicKey });
        const code = await api.latestCode(s.email);
        await api.ok("otp", { orgId: s.orgId, otpId, otpCode: code, targetPublicKey: targets[s.i].publicKey });
      }),
    );

    const { a, answer } = sessions[0];
    const session = await client.sessionFromBundle(a.orgId, answer.credentialBundle, targets[a.i]);
    const now = Date.now();
    const signRequests = Array.from({ length: 1000 }, (_, i) =>
      client.stampedRequest(
        client.SIGN_RAW_PAYLOAD_URL,
        client.signRawPayloadBody(session, { hashFunction: "HASH_FUNCTION_NO_OP", payload: `0x${i.toString(16).padStart(64, "0")}`, signWith: a.address }, now + i),
        session,
      ),
    );
    results.routes["sign-payload (EVM)"] = await load(signRequests.map((r) => () => api.ok("sign-payload", { stampedRequest: r })));
    const whoamis = Array.from({ length: 1000 }, () => client.whoamiRequest(session));
    results.routes["whoami (stamped read)"] = await load(whoamis.map((r) => () => api.ok("whoami", { stampedRequest: r })));
  } finally {
    child.kill("SIGTERM");
  }

  console.log(`\nEmulator cold start (ms): ${JSON.stringify(results.coldStart, null, 1)}`);
  console.log(`\nconcurrency ${CONCURRENCY}, ${results.machine.cpus} cores, node ${results.machine.node}`);
  console.log(`${"route".padEnd(34)}${"requests".padStart(9)}${"req/s".padStart(8)}${"p50 ms".padStart(9)}${"p99 ms".padStart(9)}`);
  for (const [route, r] of Object.entries(results.routes)) {
    console.log(`${route.padEnd(34)}${String(r.requests).padStart(9)}${String(r.rps).padStart(8)}${String(r.p50Ms).padStart(9)}${String(r.p99Ms).padStart(9)}`);
  }
  mkdirSync(join(root, "bench/results"), { recursive: true });
  writeFileSync(join(root, "bench/results/emulator.json"), JSON.stringify(results, null, 2));
  console.log("\nwritten bench/results/emulator.json");
}

function round(x) {
  return x === null || x === undefined ? null : Math.round(x);
}
