// `npm run bench -- production`: the production profile (`npm run server`, a subprocess configured by
// env vars only) on the embedded database: start time (fresh data dir and restart), memory (RSS idle
// and after load), sign-payload throughput at concurrency 1 and 10 with the app's API key, request logs on
// (one JSON line per request, as an operator runs it).
// Writes bench/results/production.json.
import { readFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { randomBytes } from "node:crypto";
import { newTargetKey, sessionFromBundle, signRawPayloadBody, stampedRequest, SIGN_RAW_PAYLOAD_URL, type Session } from "../test/server/support/client";
import { nonceOf } from "../test/server/support/oauth";
import { startJwtIssuer } from "../test/production/support/issuers";
import { API_KEY, signer, startProduction, type ProductionProcess } from "../test/production/support/server";
import { jsonPoster, measure } from "./load";

const post = jsonPoster();

const root = fileURLToPath(new URL("../", import.meta.url));
const USERS = 50;
const RUNS = [
  { concurrency: 1, requests: 300 },
  { concurrency: 10, requests: 1500 },
];

const rssMb = (pid: number) => Math.round(Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024);

async function timedStart(env: Record<string, string>): Promise<{ server: ProductionProcess; wallMs: number; startMs: number }> {
  const t0 = performance.now();
  const server = await startProduction(env);
  const wallMs = Math.round(performance.now() - t0);
  return { server, wallMs, startMs: server.logs.find((l) => l.msg === "listening")!.startMs as number };
}

async function signInUsers(server: ProductionProcess, mint: (sub: string, nonce: string) => Promise<string>): Promise<Array<Session & { address: string }>> {
  const users: Array<Session & { address: string }> = [];
  for (let i = 0; i < USERS; i++) {
    const target = newTargetKey();
    const response = await signer(server, "auth-jwt", { jwt: await mint(`bench-${i}-${Date.now()}`, nonceOf(target.publicKey)), targetPublicKey: target.publicKey, authProvider: "app" });
    if (!response.ok) throw new Error(`auth-jwt: ${response.status} ${await response.text()}`);
    const answer = (await response.json()) as { orgId: string; credentialBundle: string };
    const session = await sessionFromBundle(answer.orgId, answer.credentialBundle, target);
    const whoami = (await (await signer(server, "whoami", { stampedRequest: stampedRequest("https://api.turnkey.com/public/v1/query/whoami", { organizationId: session.orgId }, session) })).json()) as { address: string };
    users.push({ ...session, address: whoami.address });
  }
  return users;
}

async function load(server: ProductionProcess, users: Array<Session & { address: string }>, concurrency: number, count: number) {
  const bodies = Array.from({ length: count }, (_, i) => {
    const user = users[i % users.length]!;
    const body = signRawPayloadBody(user, { hashFunction: "HASH_FUNCTION_NO_OP", payload: `0x${randomBytes(32).toString("hex")}`, signWith: user.address }, Date.now() + i);
    return { stampedRequest: stampedRequest(SIGN_RAW_PAYLOAD_URL, body, user) };
  });
  const figures = await measure(count, concurrency, async (i) => (await post(`${server.url}/signer/v1/sign-payload`, JSON.stringify(bodies[i]), { authorization: `Bearer ${API_KEY}` })) === 200);
  return { concurrency, ...figures };
}

const issuer = await startJwtIssuer("https://auth.bench.example", "latch-bench");
const dataDir = mkdtempSync(join(tmpdir(), "latch-bench-production-"));
const env = { LATCH_DATA_DIR: dataDir, LATCH_JWT_APP_ISSUER: issuer.issuer, LATCH_JWT_APP_JWKS_URL: issuer.jwksUrl, LATCH_JWT_APP_AUDIENCE: issuer.audience };
try {
  const fresh = await timedStart(env);
  await fresh.server.stop();
  const restart = await timedStart(env);
  const server = restart.server;
  try {
    const idleRssMb = rssMb(server.pid);
    const users = await signInUsers(server, (sub, nonce) => issuer.mint({ sub, nonce }));
    const runs = [];
    await load(server, users, 10, 200); // warm-up
    for (const run of RUNS) runs.push(await load(server, users, run.concurrency, run.requests));
    const loadedRssMb = rssMb(server.pid);
    const results = {
      machine: { cpus: cpus().length, node: process.version },
      start: { freshDataDir: { wallMs: fresh.wallMs, serverMs: fresh.startMs }, restart: { wallMs: restart.wallMs, serverMs: restart.startMs } },
      rssMb: { idle: idleRssMb, afterLoad: loadedRssMb },
      signPayload: runs,
    };
    console.log(`production profile, embedded PGlite (${cpus().length} cores, node ${process.version}; load generator on the same machine)`);
    console.log(`start: fresh data dir ${fresh.wallMs} ms to listening (server ${fresh.startMs} ms), restart ${restart.wallMs} ms (server ${restart.startMs} ms)`);
    console.log(`RSS: idle ${idleRssMb} MB, after load ${loadedRssMb} MB`);
    for (const r of runs) console.log(`sign-payload c=${r.concurrency}: ${r.perSecond}/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, errors ${r.errors} (${r.requests} requests)`);
    mkdirSync(join(root, "bench/results"), { recursive: true });
    writeFileSync(join(root, "bench/results/production.json"), JSON.stringify(results, null, 2));
  } finally {
    await server.stop();
  }
} finally {
  await issuer.close();
  rmSync(dataDir, { recursive: true, force: true });
}
