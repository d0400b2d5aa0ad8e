// `npm run bench -- server`: sign-payload throughput and p50/p99 at concurrency 1, 10, 50 over
// 10,000 users, for one instance on the embedded PGlite, one on PostgreSQL, two on PostgreSQL;
// full email sign-ups per second; the one-core crypto limit of a signature request; the ratios.
// Servers run in their own processes; the load generator (this process) shares the machine.
// Writes bench/results/server.json.
import { spawn, type ChildProcess } from "node:child_process";
import { createPrivateKey, generateKeyPairSync, randomBytes, randomUUID, sign as nodeSign, verify as nodeVerify } from "node:crypto";
import { availableParallelism, cpus, loadavg } from "node:os";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ed25519 } from "@noble/curves/ed25519.js";
import { base58 } from "@scure/base";
import { privateKeyToAddress, sign as viemSign } from "viem/accounts";
import { jsonClient, jsonPoster, measure, round, type Figures } from "./load";

const self = fileURLToPath(import.meta.url);
const root = fileURLToPath(new URL("../", import.meta.url));
const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const CONCURRENCIES = [1, 10, 50];
const REQUESTS: Record<number, number> = { 1: 1_000, 10: 4_000, 50: 8_000 };
const SIGNUPS = 1_000;
const SIGNUP_WARMUP = 50;
/** BENCH_SETUPS=pglite,pg1,pg2,signups (default all): which setups run (a profile needs only one). */
const SETUPS = new Set((process.env.BENCH_SETUPS ?? "pglite,pg1,pg2,signups").split(","));

/** One server instance: DATABASE_URL or BENCH_PGLITE_DIR, LATCH_SECRET_KEY. */
async function serve() {
  const { startServer } = await import("../server/index");
  const { databaseFromEnv } = await import("../server/db/config");
  const { keyEncryptionKeysFromEnv } = await import("../server/custody/env");
  const env = process.env;
  const server = await startServer({
    port: 0,
    ...(env.DATABASE_URL ? { database: databaseFromEnv(env) } : { dataDir: env.BENCH_PGLITE_DIR }),
    keyEncryptionKeys: keyEncryptionKeysFromEnv(env),
    limits: { sendMaxPerWindow: 1e9 },
    // As the production profile does by default: every core but one (here: one thread).
    derivationThreads: Math.max(1, availableParallelism() - 1),
  });
  process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
  process.on("SIGTERM", () => void server.stop().then(() => process.exit(0)));
}

interface BenchUser {
  orgId: string;
  address: `0x${string}`;
  apiPrivateKey: ReturnType<typeof createPrivateKey>;
  apiPublicKey: string;
}

/** Users with sealed wallets and a session key each, written straight into the database (deriving 10,000 wallets from mnemonics would take minutes). */
async function seed(env: Record<string, string>): Promise<BenchUser[]> {
  const { openDatabase } = await import("../server/db/open");
  const { keyEncryptionKeysFromEnv } = await import("../server/custody/env");
  const { sealWallet } = await import("../server/custody/walletCustody");
  const { insertUser } = await import("../server/store/users");
  const { insertApiKey } = await import("../server/store/apiKeys");
  const ring = keyEncryptionKeysFromEnv(env)!;
  const db = await openDatabase(env.DATABASE_URL ? { engine: "postgres", url: env.DATABASE_URL } : { engine: "pglite", dataDir: join(env.BENCH_PGLITE_DIR!, "pgdata") });
  const users: BenchUser[] = [];
  const now = Date.now();
  for (let start = 0; start < USERS; start += 500) {
    await db.transaction(async (tx) => {
      for (let i = start; i < Math.min(USERS, start + 500); i++) {
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

function startServerProcess(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  return new Promise((resolve, reject) => {
    // BENCH_PROFILE_DIR=<dir>: each server writes a V8 CPU profile there when it stops (node --cpu-prof).
    const profile = process.env.BENCH_PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
    const child = spawn(process.execPath, [...profile, "--import", "tsx", self, "--serve"], { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      const line = out.split("\n").find((l) => l.startsWith("{"));
      if (line) resolve({ url: (JSON.parse(line) as { url: string }).url, child });
    });
    child.once("exit", (code) => reject(new Error(`server exited ${code}`)));
  });
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

async function withServers(envs: Record<string, string>[], run: (urls: string[]) => Promise<void>): Promise<void> {
  const started = await Promise.allSettled(envs.map(startServerProcess));
  const servers = started.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
  try {
    const failed = started.find((s) => s.status === "rejected");
    if (failed) throw (failed as PromiseRejectedResult).reason;
    await run(servers.map((s) => s.url));
  } finally {
    await Promise.all(servers.map((s) => stopServer(s.child)));
  }
}

const post = jsonPoster();

function load(urls: string[], bodies: string[], concurrency: number): Promise<Figures> {
  return measure(bodies.length, concurrency, async (i) => (await post(`${urls[i % urls.length]}/signer/v1/sign-payload`, bodies[i]!)) === 200);
}

async function signPayloadRuns(urls: string[], users: BenchUser[]): Promise<Record<string, Figures>> {
  const out: Record<string, Figures> = {};
  let offset = 0;
  // Warm-up: connections, prepared statements, JIT.
  await load(urls, Array.from({ length: 300 }, (_, i) => signRequestBody(users[(offset + i) % users.length]!, i)), 10);
  offset += 300;
  for (const c of CONCURRENCIES) {
    const n = REQUESTS[c]!;
    // Users in turn: consecutive requests are different users (no warm row, nothing cached).
    const bodies = Array.from({ length: n }, (_, i) => signRequestBody(users[(offset + i) % users.length]!, i));
    offset += n;
    out[`c${c}`] = await load(urls, bodies, c);
  }
  return out;
}

const send = jsonClient();

/**
 * Sign-up by email code, the whole way: signup, the code from the dev inbox, otp answering a credential
 * bundle. The load generator does not open the bundle: that is the browser's work, not the server's.
 */
async function signUpsPerSecond(url: string, concurrency: number): Promise<Figures> {
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
  return measure(SIGNUPS, concurrency, signUpOnce);
}

/** One core: what the crypto of one signature request costs (P-256 stamp verify with node:crypto, secp256k1 sign with viem). */
async function cryptoLimit(): Promise<number> {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const body = Buffer.from(signRequestBody({ orgId: randomUUID(), address: "0x0000000000000000000000000000000000000000", apiPrivateKey: privateKey, apiPublicKey: "" }, 0));
  const signature = nodeSign("sha256", body, { key: privateKey, dsaEncoding: "der" });
  const evmKey = `0x${randomBytes(32).toString("hex")}` as const;
  let n = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < 2_000) {
    nodeVerify("sha256", body, { key: publicKey, dsaEncoding: "der" }, signature);
    await viemSign({ hash: `0x${randomBytes(32).toString("hex")}`, privateKey: evmKey });
    n++;
  }
  return Math.round((n / (performance.now() - t0)) * 1000);
}

async function main() {
  const { startPostgresCluster } = await import("../test/server/support/postgresCluster");
  const secretKey = randomBytes(32).toString("base64");
  // Other work on the machine skews every figure: the load average says how much there was.
  const results: Record<string, unknown> = { machine: { cpus: cpus().length, node: process.version, loadAverageAtStart: loadavg()[0] }, users: USERS, requests: REQUESTS };
  const limit = await cryptoLimit();
  results.cryptoLimitPerCore = limit;
  console.log(`one-core crypto limit of a signature request: ${limit}/s`);

  const pgliteDir = mkdtempSync(join(tmpdir(), "latch-bench-pglite-"));
  const cluster = await startPostgresCluster({ durable: true });
  const runs: Record<string, Record<string, Figures>> = {};
  try {
    if (SETUPS.has("pglite")) {
      console.log(`seeding ${USERS} users into PGlite…`);
      const pgliteEnv = { BENCH_PGLITE_DIR: pgliteDir, LATCH_SECRET_KEY: secretKey };
      const pgliteUsers = await seed(pgliteEnv);
      await withServers([pgliteEnv], async ([url]) => {
        runs["1 instance, PGlite"] = await signPayloadRuns([url!], pgliteUsers);
      });
    }
    const databaseUrl = await cluster.createDatabase();
    const pgEnv = { DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: "20", LATCH_SECRET_KEY: secretKey };
    console.log(`seeding ${USERS} users into PostgreSQL…`);
    const pgUsers = await seed(pgEnv);
    if (SETUPS.has("pg1")) await withServers([pgEnv], async ([url]) => {
      runs["1 instance, PostgreSQL"] = await signPayloadRuns([url!], pgUsers);
    });
    if (SETUPS.has("signups")) await withServers([pgEnv], async ([url]) => {
      results.signUpsPerSecond = await signUpsPerSecond(url!, 10);
    });
    if (SETUPS.has("pg2")) await withServers([pgEnv, pgEnv], async (urls) => {
      runs["2 instances, PostgreSQL"] = await signPayloadRuns(urls, pgUsers);
    });
  } finally {
    await cluster.destroy();
    rmSync(pgliteDir, { recursive: true, force: true });
  }
  results.signPayload = runs;
  (results.machine as Record<string, unknown>).loadAverageAtEnd = loadavg()[0];
  const best = (name: string) => Math.max(...Object.values(runs[name] ?? {}).map((f) => f.perSecond));
  results.ratios = {
    onePostgresToCryptoLimit: round(best("1 instance, PostgreSQL") / limit),
    twoToOnePostgres: round(best("2 instances, PostgreSQL") / best("1 instance, PostgreSQL")),
    postgresToPglite: round(best("1 instance, PostgreSQL") / best("1 instance, PGlite")),
  };

  console.log(`\nsign-payload over ${USERS} users (${cpus().length} cores, node ${process.version}; load generator on the same machine; load average ${JSON.stringify(results.machine)})`);
  console.log(`${"setup".padEnd(26)}${"conc.".padStart(6)}${"requests".padStart(10)}${"req/s".padStart(8)}${"p50 ms".padStart(9)}${"p99 ms".padStart(9)}${"errors".padStart(8)}`);
  for (const [name, byConcurrency] of Object.entries(runs)) {
    for (const [c, f] of Object.entries(byConcurrency)) {
      console.log(`${name.padEnd(26)}${c.slice(1).padStart(6)}${String(f.requests).padStart(10)}${String(f.perSecond).padStart(8)}${String(f.p50Ms).padStart(9)}${String(f.p99Ms).padStart(9)}${String(f.errors).padStart(8)}`);
    }
  }
  const signUps = results.signUpsPerSecond as Figures | undefined;
  if (signUps) console.log(`\nfull email sign-ups (signup → code from the inbox → otp), 1 instance on PostgreSQL, concurrency 10: ${signUps.perSecond}/s (p50 ${signUps.p50Ms} ms, p99 ${signUps.p99Ms} ms, errors ${signUps.errors})`);
  console.log(`one-core crypto limit: ${limit}/s; ratios: ${JSON.stringify(results.ratios)}`);
  mkdirSync(join(root, "bench/results"), { recursive: true });
  writeFileSync(join(root, "bench/results/server.json"), JSON.stringify(results, null, 2));
  console.log("\nwritten bench/results/server.json");
}

if (process.argv[2] === "--serve") await serve();
else await main();
