// `npm run bench -- server`: what a sign-payload costs in CPU time — of the server, of PostgreSQL — beside
// the crypto floor (the stamp's P-256 verify and the secp256k1 signature) measured in the same run, at
// concurrency 1, 10, 50, over 1,000 and 10,000 users (BENCH_USERS=1000,10000,100000 adds 100,000), for
// one instance and for two; and full email sign-ups. CPU time comes from /proc of each process, so the
// figures hold on a machine that is busy with other work (wall-clock throughput does not: see the load
// average written beside it). The servers are the production profile as operators run it: the compiled
// package (`npm run build:server`, dist-server/dist/cli.js start) with its request log and metrics, each
// in its own process; the load generator (this process) shares the machine. Writes bench/results/server.json.
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { createPrivateKey, generateKeyPairSync, randomBytes, randomUUID, sign as nodeSign, verify as nodeVerify } from "node:crypto";
import { availableParallelism, cpus, loadavg, tmpdir } from "node:os";
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ed25519 } from "@noble/curves/ed25519.js";
import { base58 } from "@scure/base";
import { privateKeyToAddress } from "viem/accounts";
import { freePort } from "../test/e2e/support/wallets/anvil";
import { jsonClient, jsonPoster, measure, round, type Figures } from "./load";
import { postmasterOnPort, processCpuUs, processSystemCpuUs, treeCpuUs } from "./procCpu";

const self = fileURLToPath(import.meta.url);
const root = fileURLToPath(new URL("../", import.meta.url));
/** Active users, in steps: the database grows between them (BENCH_USERS=1000,10000,100000). */
const USER_STEPS = (process.env.BENCH_USERS ?? "1000,10000").split(",").map(Number);
const CONCURRENCIES = [1, 10, 50];
/** BENCH_REQUESTS=300,1500,1500: requests at concurrency 1, 10 and 50. */
const REQUEST_COUNTS = (process.env.BENCH_REQUESTS ?? "300,1500,1500").split(",").map(Number);
const REQUESTS: Record<number, number> = Object.fromEntries(CONCURRENCIES.map((c, i) => [c, REQUEST_COUNTS[i] ?? REQUEST_COUNTS.at(-1)!]));
const SIGNUPS = 300;
const SIGNUP_WARMUP = 30;
/** BENCH_SETUPS=pg1,pg2,signups,pages (the default): which setups run (a profile needs only one). */
const SETUPS = new Set((process.env.BENCH_SETUPS ?? "pg1,pg2,signups,pages").split(","));
/** Fresh pages per page-side figure (BENCH_PAGE_RUNS). */
const PAGE_RUNS = Number(process.env.BENCH_PAGE_RUNS ?? 7);
/** BENCH_SERVER=dist (default: build the package, run it), dist-prebuilt (run dist-server as it is), source (tsx server/serverCli.ts). */
const SERVER = process.env.BENCH_SERVER ?? "dist";
const DIST_CLI = join(root, "dist-server/dist/cli.js");
const API_KEY = "bench-api-key-0123456789abcdef";
const load1 = () => round(loadavg()[0] ?? 0);

/** The library's server with the dev inbox (sign-ups read their code from it): DATABASE_URL, LATCH_SECRET_KEY. */
async function serveLibrary() {
  const { startServer } = await import("../server/index");
  const { databaseFromEnv } = await import("../server/db/config");
  const { keyEncryptionKeysFromEnv } = await import("../server/custody/env");
  const env = process.env;
  const server = await startServer({
    port: 0,
    database: databaseFromEnv(env),
    keyEncryptionKeys: keyEncryptionKeysFromEnv(env),
    limits: { sendMaxPerWindow: 1e9 },
    // As the production profile does by default: every core but one (here: one thread).
    derivationThreads: Math.max(1, availableParallelism() - 1),
    // One line per request with the server's own time (the page-side floors read it).
    log: (line) => process.stdout.write(`${JSON.stringify({ msg: "request", line })}\n`),
  });
  process.stdout.write(`${JSON.stringify({ msg: "listening", port: server.port })}\n`);
  process.on("SIGTERM", () => void server.stop().then(() => process.exit(0)));
}

interface BenchUser {
  orgId: string;
  address: `0x${string}`;
  apiPrivateKey: ReturnType<typeof createPrivateKey>;
  apiPublicKey: string;
}

/** Users `from`…`to`-1 with sealed wallets and a session key each, written straight into the database (deriving wallets from mnemonics would take minutes). */
async function seed(env: Record<string, string>, from: number, to: number): Promise<BenchUser[]> {
  const { openDatabase } = await import("../server/db/open");
  const { keyEncryptionKeysFromEnv } = await import("../server/custody/env");
  const { sealWallet } = await import("../server/custody/walletCustody");
  const { insertUser } = await import("../server/store/users");
  const { insertApiKey } = await import("../server/store/apiKeys");
  const ring = keyEncryptionKeysFromEnv(env)!;
  const db = await openDatabase({ engine: "postgres", url: env.DATABASE_URL! });
  const users: BenchUser[] = [];
  const now = Date.now();
  for (let start = from; start < to; start += 500) {
    await db.transaction(async (tx) => {
      for (let i = start; i < Math.min(to, start + 500); i++) {
        const orgId = randomUUID();
        const evmPrivateKey = `0x${randomBytes(32).toString("hex")}` as const;
        const solanaPrivateKey = new Uint8Array(randomBytes(32));
        const address = privateKeyToAddress(evmPrivateKey);
        const wallet = await sealWallet(ring, orgId, "bench", { evmPrivateKey, solanaPrivateKey });
        const solanaAddress = base58.encode(ed25519.getPublicKey(solanaPrivateKey));
        await insertUser(tx, { orgId, userId: randomUUID(), email: `bench-${i}-${orgId.slice(0, 8)}@example.test`, phone: null, address, solanaAddress, wallet }, now);
        const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
        const apiPublicKey = Buffer.from(publicKey.export({ format: "der", type: "spki" }).subarray(-65)).toString("hex");
        const compressed = compress(apiPublicKey);
        await insertApiKey(tx, { publicKey: compressed, orgId, expiresAt: now + 24 * 3600_000, name: "bench" }, now);
        users.push({ orgId, address, apiPrivateKey: privateKey, apiPublicKey: compressed });
      }
    });
  }
  await db.close();
  return users;
}

function compress(uncompressedHex: string): string {
  const y = BigInt(`0x${uncompressedHex.slice(66)}`);
  return `${y & 1n ? "03" : "02"}${uncompressedHex.slice(2, 66)}`;
}

function signRequestBody(user: BenchUser, i: number): string {
  const stamped = JSON.stringify({
    type: "ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2",
    timestampMs: String(Date.now() + i),
    organizationId: user.orgId,
    parameters: { encoding: "PAYLOAD_ENCODING_HEXADECIMAL", hashFunction: "HASH_FUNCTION_NO_OP", payload: `0x${randomBytes(32).toString("hex")}`, signWith: user.address },
  });
  const signature = nodeSign("sha256", Buffer.from(stamped), { key: user.apiPrivateKey, dsaEncoding: "der" }).toString("hex");
  const stampHeaderValue = Buffer.from(JSON.stringify({ publicKey: user.apiPublicKey, scheme: "SIGNATURE_SCHEME_TK_API_P256", signature })).toString("base64url");
  return JSON.stringify({ stampedRequest: { url: "https://api.turnkey.com/public/v1/submit/sign_raw_payload", body: stamped, stamp: { stampHeaderName: "X-Stamp", stampHeaderValue } } });
}

interface Instance {
  url: string;
  pid: number;
  child: ChildProcess;
  /** The secp256k1 implementation the server logged at start (the library server: the one this process loads). */
  secp256k1: string | undefined;
  logFile: string;
}

/** Starts a server (its log to a file, as an operator's log collector would take it) and waits for its "listening" line. */
async function startInstance(kind: "production" | "library", env: Record<string, string>, workDir: string): Promise<Instance> {
  const port = kind === "production" ? await freePort() : 0;
  const logFile = join(workDir, `server-${randomUUID()}.log`);
  const out = openSync(logFile, "w");
  // BENCH_PROFILE_DIR=<dir>: each server writes a V8 CPU profile there when it stops (node --cpu-prof).
  const profile = process.env.BENCH_PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
  const cli = env.BENCH_CLI ?? (SERVER === "source" ? undefined : DIST_CLI);
  const entry = kind === "library" ? ["--import", "tsx", self, "--serve"] : cli ? [cli, "start"] : ["--import", "tsx", "server/serverCli.ts", "start"];
  const productionEnv = {
    PORT: String(port),
    LATCH_PUBLIC_URL: `http://127.0.0.1:${port}`,
    LATCH_ALLOWED_ORIGINS: "http://localhost:5173",
    LATCH_API_KEYS: API_KEY,
    LATCH_DATA_DIR: join(workDir, `data-${port}`),
  };
  const child = spawn(process.execPath, [...profile, ...entry], {
    cwd: root,
    env: { PATH: process.env.PATH!, HOME: process.env.HOME ?? "/tmp", ...(kind === "production" ? productionEnv : {}), ...env },
    stdio: ["ignore", out, "inherit"],
  });
  closeSync(out);
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${readFileSync(logFile, "utf8")}`);
    const lines = readFileSync(logFile, "utf8").split("\n");
    const line = lines.find((l) => l.includes('"msg":"listening"'));
    if (line) {
      const listening = JSON.parse(line) as { port: number };
      const signing = lines.find((l) => l.includes('"secp256k1":'));
      const secp256k1 = signing ? (JSON.parse(signing) as { secp256k1: string }).secp256k1 : undefined;
      return { url: `http://127.0.0.1:${listening.port}`, pid: child.pid!, child, secp256k1, logFile };
    }
    if (Date.now() - started > 120_000) throw new Error(`the server did not start in 2 minutes:\n${readFileSync(logFile, "utf8")}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function stopInstance({ child }: Instance) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

async function withInstances<T>(kind: "production" | "library", envs: Record<string, string>[], workDir: string, run: (instances: Instance[]) => Promise<T>): Promise<T> {
  const started = await Promise.allSettled(envs.map((env) => startInstance(kind, env, workDir)));
  const instances = started.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
  try {
    const failed = started.find((s) => s.status === "rejected");
    if (failed) throw (failed as PromiseRejectedResult).reason;
    return await run(instances);
  } finally {
    await Promise.all(instances.map(stopInstance));
  }
}

interface CryptoFloor {
  /** P-256 verify + the secp256k1 signature as the server signs (libsecp256k1 in WebAssembly where it loads). */
  floorUs: number;
  /** P-256 verify + noble's secp256k1 signature: the floor of earlier rounds, so their ratios stay comparable. */
  nobleFloorUs: number;
  p256VerifyUs: number;
  secp256k1SignUs: number;
  nobleSecp256k1SignUs: number;
  secp256k1: string;
}

/**
 * The crypto a signature request cannot avoid, in CPU µs of this process: the stamp's P-256 verify
 * (node:crypto, key already parsed) and the secp256k1 signature, through the server's own signer
 * module (server/crypto/evmSigner.ts) — the implementation the server picked, and noble beside it.
 */
async function cryptoFloor(): Promise<CryptoFloor> {
  const { loadEvmSigner, nobleEvmSigner } = await import("../server/crypto/evmSigner");
  const serverSigner = await loadEvmSigner();
  const noble = nobleEvmSigner();
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const body = Buffer.from(signRequestBody({ orgId: randomUUID(), address: "0x0000000000000000000000000000000000000000", apiPrivateKey: privateKey, apiPublicKey: "" }, 0));
  const signature = nodeSign("sha256", body, { key: privateKey, dsaEncoding: "der" });
  const evmKey = `0x${randomBytes(32).toString("hex")}` as const;
  const hashes = Array.from({ length: 250 }, () => `0x${randomBytes(32).toString("hex")}` as const);
  const cpu = () => {
    const { user, system } = process.cpuUsage();
    return user + system;
  };
  const perCall = async (work: (i: number) => unknown) => {
    for (let i = 0; i < 50; i++) await work(i); // JIT
    const t = cpu();
    for (let i = 0; i < hashes.length; i++) await work(i);
    return (cpu() - t) / hashes.length;
  };
  const p256VerifyUs = await perCall(() => nodeVerify("sha256", body, { key: publicKey, dsaEncoding: "der" }, signature));
  const secp256k1SignUs = await perCall((i) => serverSigner.sign(evmKey, hashes[i]!));
  const nobleSecp256k1SignUs = await perCall((i) => noble.sign(evmKey, hashes[i]!));
  return {
    floorUs: round(p256VerifyUs + secp256k1SignUs),
    nobleFloorUs: round(p256VerifyUs + nobleSecp256k1SignUs),
    p256VerifyUs: round(p256VerifyUs),
    secp256k1SignUs: round(secp256k1SignUs),
    nobleSecp256k1SignUs: round(nobleSecp256k1SignUs),
    secp256k1: serverSigner.implementation,
  };
}

const post = jsonPoster();

interface Run extends Figures {
  setup: string;
  instances: number;
  users: number;
  concurrency: number;
  requestsPerSecond: number;
  serverCpuPerRequestUs: number;
  /** Of serverCpuPerRequestUs, the kernel's part (sockets: on loopback the client's receive path too). */
  serverSystemCpuPerRequestUs: number;
  postgresCpuPerRequestUs: number;
  loadGeneratorCpuPerRequestUs: number;
  /** What the servers sign with (from their start log). */
  secp256k1: string;
  cryptoFloorUs: number;
  /** The floor with noble's secp256k1 (earlier rounds' floor). */
  nobleCryptoFloorUs: number;
  serverToFloor: number;
  serverAndPostgresToFloor: number;
  serverToNobleFloor: number;
  /** Server CPU over wall time, per instance: the share of a core each instance got (the rest went to other work). */
  serverCoreShare: number;
  /** What one core fully given to one instance would serve at this CPU cost. */
  requestsPerServerCoreSecond: number;
  loadAverage: number;
}

/** Runs the bodies against the instances in turn, measuring each process's CPU time around the run. */
async function measuredRun(setup: string, instances: Instance[], postmaster: number, users: number, bodies: string[], concurrency: number): Promise<Run> {
  const measured = await cryptoFloor();
  const { nobleFloorUs } = measured;
  // A server that fell back to noble has noble's floor.
  const fellBack = instances.some((instance) => instance.secp256k1 !== undefined && instance.secp256k1 !== measured.secp256k1);
  if (fellBack) console.warn(`${setup}: a server signs with ${instances.map((i) => i.secp256k1).join(", ")}, not ${measured.secp256k1}: its floor is noble's`);
  const floorUs = fellBack ? nobleFloorUs : measured.floorUs;
  const serverBefore = instances.map((i) => processCpuUs(i.pid));
  const systemBefore = instances.map((i) => processSystemCpuUs(i.pid));
  const postgresBefore = treeCpuUs(postmaster);
  const generatorBefore = process.cpuUsage();
  const t0 = performance.now();
  const refusals: Record<string, number> = {};
  const figures = await measure(bodies.length, concurrency, async (i) => {
    const status = await post(`${instances[i % instances.length]!.url}/signer/v1/sign-payload`, bodies[i]!, { authorization: `Bearer ${API_KEY}` });
    if (status !== 200) refusals[status] = (refusals[status] ?? 0) + 1;
    return status === 200;
  });
  if (figures.errors > 0) console.warn(`${setup}, ${users} users, c=${concurrency}: ${figures.errors} errors (by status: ${JSON.stringify(refusals)})`);
  const wallUs = (performance.now() - t0) * 1000;
  const serverUs = instances.reduce((sum, instance, k) => sum + processCpuUs(instance.pid) - serverBefore[k]!, 0);
  const systemUs = instances.reduce((sum, instance, k) => sum + processSystemCpuUs(instance.pid) - systemBefore[k]!, 0);
  const postgresUs = treeCpuUs(postmaster) - postgresBefore;
  const generator = process.cpuUsage(generatorBefore);
  const n = figures.requests;
  const serverCpuPerRequestUs = round(serverUs / n);
  const postgresCpuPerRequestUs = round(postgresUs / n);
  return {
    setup,
    instances: instances.length,
    users,
    concurrency,
    ...figures,
    requestsPerSecond: figures.perSecond,
    serverCpuPerRequestUs,
    serverSystemCpuPerRequestUs: round(systemUs / n),
    postgresCpuPerRequestUs,
    loadGeneratorCpuPerRequestUs: round((generator.user + generator.system) / n),
    secp256k1: instances[0]?.secp256k1 ?? measured.secp256k1,
    cryptoFloorUs: floorUs,
    nobleCryptoFloorUs: nobleFloorUs,
    serverToFloor: round(serverCpuPerRequestUs / floorUs),
    serverAndPostgresToFloor: round((serverCpuPerRequestUs + postgresCpuPerRequestUs) / floorUs),
    serverToNobleFloor: round(serverCpuPerRequestUs / nobleFloorUs),
    serverCoreShare: round(serverUs / wallUs / instances.length),
    requestsPerServerCoreSecond: Math.round(1e6 / serverCpuPerRequestUs),
    loadAverage: load1(),
  };
}

function makeBodies(users: BenchUser[], offset: { next: number }, n: number): string[] {
  const bodies = Array.from({ length: n }, (_, i) => signRequestBody(users[(offset.next + i) % users.length]!, offset.next + i));
  offset.next += n;
  return bodies;
}

/** Connections, prepared statements, JIT. */
async function warmUp(instances: Instance[], users: BenchUser[], offset: { next: number }) {
  const warm = makeBodies(users, offset, 300);
  await measure(warm.length, 10, async (i) => (await post(`${instances[i % instances.length]!.url}/signer/v1/sign-payload`, warm[i]!, { authorization: `Bearer ${API_KEY}` })) === 200);
}

/** Warm-up, then each concurrency with users in turn (consecutive requests are different users: no warm row). */
async function signPayloadRuns(setup: string, instances: Instance[], postmaster: number, users: BenchUser[], concurrencies: number[], offset: { next: number }): Promise<Run[]> {
  await warmUp(instances, users, offset);
  const runs: Run[] = [];
  for (const c of concurrencies) {
    const run = await measuredRun(setup, instances, postmaster, users.length, makeBodies(users, offset, REQUESTS[c]!), c);
    console.log(row(run));
    runs.push(run);
  }
  return runs;
}

/**
 * BENCH_BASELINE=<another build's dist/cli.js>: this build and that one side by side, their requests in
 * alternating rounds, so that both see the same machine (what a change bought, on a busy machine).
 */
async function comparedRuns(current: Instance, baseline: Instance, postmaster: number, users: BenchUser[], offset: { next: number }): Promise<Run[]> {
  await warmUp([current], users, offset);
  await warmUp([baseline], users, offset);
  const runs: Run[] = [];
  const ROUNDS = 4;
  for (const c of CONCURRENCIES) {
    const parts: Record<string, Run[]> = { pg1: [], baseline: [] };
    for (let round = 0; round < ROUNDS; round++) {
      for (const [setup, instance] of [["pg1", current], ["baseline", baseline]] as const) {
        parts[setup]!.push(await measuredRun(setup, [instance], postmaster, users.length, makeBodies(users, offset, Math.ceil(REQUESTS[c]! / ROUNDS)), c));
      }
    }
    for (const setup of ["pg1", "baseline"]) {
      const run = mergeRuns(parts[setup]!);
      console.log(row(run));
      runs.push(run);
    }
  }
  return runs;
}

/** Rounds of one setup as one row: CPU per request weighted by requests, p50 the median round's, p99 the worst round's. */
function mergeRuns(parts: Run[]): Run {
  const requests = parts.reduce((sum, p) => sum + p.requests, 0);
  const mean = (field: keyof Run) => round(parts.reduce((sum, p) => sum + (p[field] as number) * p.requests, 0) / requests);
  const serverCpuPerRequestUs = mean("serverCpuPerRequestUs");
  const postgresCpuPerRequestUs = mean("postgresCpuPerRequestUs");
  const cryptoFloorUs = mean("cryptoFloorUs");
  const nobleCryptoFloorUs = mean("nobleCryptoFloorUs");
  const perSecond = Math.round(requests / parts.reduce((sum, p) => sum + p.requests / p.perSecond, 0));
  return {
    ...parts[0]!,
    requests,
    perSecond,
    requestsPerSecond: perSecond,
    p50Ms: [...parts.map((p) => p.p50Ms)].sort((a, b) => a - b)[Math.floor(parts.length / 2)]!,
    p99Ms: Math.max(...parts.map((p) => p.p99Ms)),
    errors: parts.reduce((sum, p) => sum + p.errors, 0),
    serverCpuPerRequestUs,
    serverSystemCpuPerRequestUs: mean("serverSystemCpuPerRequestUs"),
    postgresCpuPerRequestUs,
    loadGeneratorCpuPerRequestUs: mean("loadGeneratorCpuPerRequestUs"),
    cryptoFloorUs,
    nobleCryptoFloorUs,
    serverToFloor: round(serverCpuPerRequestUs / cryptoFloorUs),
    serverAndPostgresToFloor: round((serverCpuPerRequestUs + postgresCpuPerRequestUs) / cryptoFloorUs),
    serverToNobleFloor: round(serverCpuPerRequestUs / nobleCryptoFloorUs),
    serverCoreShare: mean("serverCoreShare"),
    requestsPerServerCoreSecond: Math.round(1e6 / serverCpuPerRequestUs),
    loadAverage: mean("loadAverage"),
  };
}

const send = jsonClient();

/**
 * Sign-up by email code, the whole way: signup, the code from the dev inbox, otp answering a credential
 * bundle. The load generator does not open the bundle: that is the browser's work, not the server's.
 */
async function signUps(instance: Instance, postmaster: number, concurrency: number) {
  const url = instance.url;
  // P-256 target keys made up front by OpenSSL, as a browser makes its own.
  const targets = Array.from({ length: SIGNUP_WARMUP + SIGNUPS }, () => {
    const jwk = generateKeyPairSync("ec", { namedCurve: "P-256" }).publicKey.export({ format: "jwk" });
    return `04${Buffer.from(jwk.x!, "base64url").toString("hex")}${Buffer.from(jwk.y!, "base64url").toString("hex")}`;
  });
  const signUpOnce = async (i: number) => {
    const email = `signup-${randomUUID()}@example.test`;
    const signUp = await send(`${url}/signer/v1/signup`, JSON.stringify({ email, targetPublicKey: targets[i] }));
    const { orgId, otpId } = signUp.body as { orgId: string; otpId: string };
    const inbox = await send(`${url}/dev/api/messages?to=${encodeURIComponent(email)}`);
    const [message] = inbox.body as Array<{ code: string }>;
    const otp = await send(`${url}/signer/v1/otp`, JSON.stringify({ orgId, otpId, otpCode: message!.code, targetPublicKey: targets[i] }));
    const answer = otp.body as { status?: string; credentialBundle?: string };
    return signUp.status === 200 && otp.status === 200 && answer.status === "SUCCESS" && typeof answer.credentialBundle === "string";
  };
  // Warm-up: JIT, prepared statements, the derivation thread.
  await measure(SIGNUP_WARMUP, concurrency, (i) => signUpOnce(SIGNUPS + i));
  const serverBefore = processCpuUs(instance.pid);
  const postgresBefore = treeCpuUs(postmaster);
  const figures = await measure(SIGNUPS, concurrency, signUpOnce);
  return {
    concurrency,
    ...figures,
    serverCpuPerSignUpUs: Math.round((processCpuUs(instance.pid) - serverBefore) / figures.requests),
    postgresCpuPerSignUpUs: Math.round((treeCpuUs(postmaster) - postgresBefore) / figures.requests),
    loadAverage: load1(),
  };
}

/**
 * Page side, against the same backend (the library server on the same PostgreSQL): the email-only app's
 * three steps in Chromium (bench/pageTimings.ts), each beside its floor — React alone drawing the same
 * step (bench/pages/react-floor.tsx) plus the server's own time for the step's requests, from its log.
 */
async function pageTimings(instance: Instance) {
  const { launchChromium } = await import("../test/e2e/support/chromium");
  const { waitForMessage } = await import("../test/e2e/support/inbox");
  const { CONTINUE, FIRST_OPEN, LAST_DIGIT, measureEmailApp, median, servePages } = await import("./pageTimings");
  const pages = await servePages({ app: "./pages/email-app.tsx", floor: "./pages/react-floor.tsx" });
  const browser = await launchChromium();
  const serverTime = () => {
    const from = statSync(instance.logFile).size;
    return () => {
      const text = readFileSync(instance.logFile, "utf8").slice(from);
      let ms = 0;
      for (const line of text.split("\n")) {
        const match = /"line":"(GET|POST|PUT|PATCH|DELETE|OPTIONS) (\S+) \d{3} ([\d.]+)ms"/.exec(line);
        if (match && !match[2]!.startsWith("/dev/")) ms += Number(match[3]);
      }
      return ms;
    };
  };
  // The signer's frames must be same-site with the page (localhost): a cross-site frame in a fresh context loses its storage.
  const signer = instance.url.replace("127.0.0.1", "localhost");
  try {
    // Warm-up: Chromium's first page, the server's JIT.
    await measureEmailApp(browser, `${pages.url}/app?signer=${encodeURIComponent(signer)}`, { code: async (email, since) => (await waitForMessage(instance.url, email, since)).code! }, 1);
    const app = await measureEmailApp(browser, `${pages.url}/app?signer=${encodeURIComponent(signer)}`, { code: async (email, since) => (await waitForMessage(instance.url, email, since)).code!, serverTime }, PAGE_RUNS);
    const react = await measureEmailApp(browser, `${pages.url}/floor`, { code: async () => "123456" }, PAGE_RUNS);
    return [FIRST_OPEN, CONTINUE, LAST_DIGIT].map((figure) => {
      const p50Ms = round(median(app[figure]!));
      const reactMs = round(median(react[figure]!));
      const serverMs = app[`${figure} (server)`] ? round(median(app[`${figure} (server)`]!)) : 0;
      const floorMs = round(reactMs + serverMs);
      return { figure, runs: app[figure]!.length, p50Ms, maxMs: round(Math.max(...app[figure]!)), reactAloneMs: reactMs, serverOwnMs: serverMs, floorMs, ratio: round(p50Ms / floorMs) };
    });
  } finally {
    await browser.close();
    pages.close();
  }
}

const HEADER = `${"setup".padEnd(12)}${"users".padStart(8)}${"conc.".padStart(6)}${"req/s".padStart(7)}${"p50 ms".padStart(8)}${"p99 ms".padStart(8)}${"server µs".padStart(11)}${"(kernel)".padStart(9)}${"pg µs".padStart(7)}${"floor µs".padStart(10)}${"srv/floor".padStart(10)}${"+pg/floor".padStart(10)}${"noble fl.".padStart(10)}${"srv/noble".padStart(10)}${"core share".padStart(11)}${"load".padStart(6)}${"errors".padStart(7)}`;
const row = (r: Run) =>
  `${r.setup.padEnd(12)}${String(r.users).padStart(8)}${String(r.concurrency).padStart(6)}${String(r.requestsPerSecond).padStart(7)}${String(r.p50Ms).padStart(8)}${String(r.p99Ms).padStart(8)}${String(Math.round(r.serverCpuPerRequestUs)).padStart(11)}${String(Math.round(r.serverSystemCpuPerRequestUs)).padStart(9)}${String(Math.round(r.postgresCpuPerRequestUs)).padStart(7)}${String(Math.round(r.cryptoFloorUs)).padStart(10)}${r.serverToFloor.toFixed(2).padStart(10)}${r.serverAndPostgresToFloor.toFixed(2).padStart(10)}${String(Math.round(r.nobleCryptoFloorUs)).padStart(10)}${r.serverToNobleFloor.toFixed(2).padStart(10)}${r.serverCoreShare.toFixed(2).padStart(11)}${r.loadAverage.toFixed(1).padStart(6)}${String(r.errors).padStart(7)}`;

async function main() {
  const { startPostgresCluster } = await import("../test/server/support/postgresCluster");
  const benchStarted = performance.now();
  const secretKey = randomBytes(32).toString("base64");
  if (SERVER === "dist") {
    console.log("building the server package (npm run build:server)…");
    execFileSync("npm", ["run", "--silent", "build:server"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
  }
  if (SERVER !== "source" && !existsSync(DIST_CLI)) throw new Error(`${DIST_CLI} is missing: npm run build:server (or BENCH_SERVER=source)`);
  // Other work on the machine stretches wall-clock figures (not CPU per request): the load average says how much there was.
  const machine: Record<string, unknown> = { cpus: cpus().length, node: process.version, loadAverageAtStart: load1() };
  const results: Record<string, unknown> = { machine, server: SERVER === "source" ? "tsx server/serverCli.ts start" : "dist-server/dist/cli.js start", requests: REQUESTS };
  const floor = await cryptoFloor();
  results.cryptoFloorAtStart = floor;
  console.log(
    `crypto floor of a signature request: ${floor.floorUs} µs CPU (P-256 verify ${floor.p256VerifyUs} µs, secp256k1 sign ${floor.secp256k1SignUs} µs with ${floor.secp256k1}); with noble's secp256k1 (earlier rounds' floor): ${floor.nobleFloorUs} µs (sign ${floor.nobleSecp256k1SignUs} µs)`,
  );

  const workDir = mkdtempSync(join(tmpdir(), "latch-bench-server-"));
  const cluster = await startPostgresCluster({ durable: true });
  const runs: Run[] = [];
  try {
    const postmaster = postmasterOnPort(cluster.port);
    const databaseUrl = await cluster.createDatabase();
    const pgEnv = { DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: "20", LATCH_SECRET_KEY: secretKey };
    const users: BenchUser[] = [];
    const offset = { next: 0 };
    console.log(`\n${HEADER}`);
    for (const step of SETUPS.has("pg1") || SETUPS.has("pg2") ? USER_STEPS : []) {
      const t = performance.now();
      users.push(...(await seed(pgEnv, users.length, step)));
      console.log(`(seeded ${users.length} users in ${((performance.now() - t) / 1000).toFixed(0)} s)`);
      const last = step === USER_STEPS.at(-1);
      const baseline = process.env.BENCH_BASELINE;
      if (SETUPS.has("pg1") && baseline) {
        runs.push(...(await withInstances("production", [pgEnv, { ...pgEnv, BENCH_CLI: baseline }], workDir, ([current, base]) => comparedRuns(current!, base!, postmaster, users, offset))));
      } else if (SETUPS.has("pg1")) {
        runs.push(...(await withInstances("production", [pgEnv], workDir, (i) => signPayloadRuns("pg1", i, postmaster, users, CONCURRENCIES, offset))));
      }
      // Two instances at the largest user count: CPU per request must not grow with the second.
      if (last && SETUPS.has("pg2")) runs.push(...(await withInstances("production", [pgEnv, pgEnv], workDir, (i) => signPayloadRuns("pg2", i, postmaster, users, [10, 50], offset))));
    }
    if (SETUPS.has("signups") || SETUPS.has("pages")) {
      await withInstances("library", [pgEnv], workDir, async ([instance]) => {
        if (SETUPS.has("signups")) results.signUps = await signUps(instance!, postmaster, 10);
        if (SETUPS.has("pages")) results.pages = await pageTimings(instance!);
      });
    }
  } finally {
    await cluster.destroy();
    rmSync(workDir, { recursive: true, force: true });
  }
  results.signPayload = runs;
  machine.loadAverageAtEnd = load1();
  results.benchSeconds = Math.round((performance.now() - benchStarted) / 1000);

  console.log(`\nsign-payload, ${results.server} (production profile, request log and metrics on), PostgreSQL; ${cpus().length} cores, node ${process.version}, load average ${machine.loadAverageAtStart} at start, ${machine.loadAverageAtEnd} at end`);
  console.log("server µs and pg µs: CPU time per request (all threads, from /proc; kernel: the server's system time); floor: P-256 verify + secp256k1 sign as the server signs, in this process, measured before each row; noble fl.: the same with noble's secp256k1 (earlier rounds' floor)");
  console.log(HEADER);
  for (const r of runs) console.log(row(r));
  const s = results.signUps as { perSecond: number; p50Ms: number; p99Ms: number; errors: number; serverCpuPerSignUpUs: number; postgresCpuPerSignUpUs: number } | undefined;
  if (s) {
    console.log(
      `\nfull email sign-ups (signup → code from the dev inbox → otp; library server, dev inbox), PostgreSQL, concurrency 10: ${s.perSecond}/s (p50 ${s.p50Ms} ms, p99 ${s.p99Ms} ms, errors ${s.errors}), server CPU ${(s.serverCpuPerSignUpUs / 1000).toFixed(1)} ms and PostgreSQL ${(s.postgresCpuPerSignUpUs / 1000).toFixed(1)} ms per sign-up`,
    );
  }
  const pageRows = results.pages as Awaited<ReturnType<typeof pageTimings>> | undefined;
  if (pageRows) {
    console.log(`\nemail-only app in Chromium (production bundle) against the same backend, p50 of ${PAGE_RUNS} fresh pages; floor = React alone drawing the same step + the server's own time for the step's requests (its log)`);
    for (const r of pageRows) {
      console.log(`  ${r.figure.padEnd(34)} ${String(r.p50Ms).padStart(7)} ms   floor ${String(r.floorMs).padStart(7)} ms (React ${r.reactAloneMs}, server ${r.serverOwnMs})   ratio ${r.ratio.toFixed(2)}`);
    }
  }
  mkdirSync(join(root, "bench/results"), { recursive: true });
  writeFileSync(join(root, "bench/results/server.json"), JSON.stringify(results, null, 2));
  console.log(`\nwritten bench/results/server.json (${results.benchSeconds} s)`);
}

if (process.argv[2] === "--serve") await serveLibrary();
else await main();
