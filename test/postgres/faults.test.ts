import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EmulatorClient } from "../server/support/client";
import { startPostgresCluster, type PostgresCluster } from "../server/support/postgresCluster";
import { spawnInstance, type InstanceProcess } from "./support/instanceProcess";
import { startMixedLoad, type Ledger } from "./support/mixedLoad";
import { queryDatabase } from "./support/scaleOut";

const LOAD_MS = Number(process.env.LATCH_FAULT_LOAD_MS ?? 8_000);

let cluster: PostgresCluster;
let databaseUrl: string;
let instances: InstanceProcess[] = [];
beforeAll(async () => {
  cluster = await startPostgresCluster();
  databaseUrl = await cluster.createDatabase();
  const env = { DATABASE_URL: databaseUrl, LATCH_SECRET_KEY: randomBytes(32).toString("base64") };
  instances = await Promise.all([spawnInstance(env), spawnInstance(env), spawnInstance(env)]);
});
afterAll(async () => {
  await Promise.all(instances.map((i) => i.stop()));
  await cluster?.destroy();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const query = <T>(sql: string, params: unknown[] = []) => queryDatabase<T>(databaseUrl, sql, params);

/** Everything acknowledged is stored, whole: users with their wallets, sessions' keys, signatures' replay records. */
async function expectAllAcknowledgedStored(ledger: Ledger, live: string[]) {
  const users = await query<{ org_id: string; address: string }>("select u.org_id, w.address from users u join wallets w using (org_id)");
  const stored = new Map(users.map((u) => [u.org_id, u.address]));
  for (const user of ledger.users) expect(stored.get(user.orgId)).toBe(user.address);
  expect(await query("select org_id from users left join wallets using (org_id) where wallets.org_id is null")).toEqual([]);
  const keys = new Set((await query<{ public_key: string }>("select public_key from api_keys")).map((k) => k.public_key));
  for (const { session } of ledger.sessions) expect(keys.has(session.apiPublicKey.toLowerCase())).toBe(true);
  // A signature's stamp was recorded: sending it again, anywhere, is refused.
  const sample = ledger.signatures.filter((_, i) => i % Math.max(1, Math.floor(ledger.signatures.length / 40)) === 0);
  for (const [i, { stampedRequest }] of sample.entries()) {
    const answer = await new EmulatorClient(live[i % live.length]!).post("sign-payload", { stampedRequest });
    expect([answer.status, answer.body.code]).toEqual([401, "REPLAYED_REQUEST"]);
  }
}

describe("faults under mixed load (three instances in their own processes, one PostgreSQL)", () => {
  it("kill -9 of one instance: every acknowledged answer is stored, the others keep serving", async () => {
    let urls = instances.map((i) => i.url);
    const stop = new AbortController();
    const { ledger, done } = startMixedLoad(() => urls, 8, stop.signal);
    await sleep(LOAD_MS / 2);
    await instances[0]!.kill9();
    // The load balancer notices a little later; meanwhile requests to the dead one fail and are not counted.
    await sleep(500);
    urls = instances.slice(1).map((i) => i.url);
    ledger.mark = true;
    await sleep(LOAD_MS / 2);
    stop.abort();
    await done;
    expect(ledger.users.length).toBeGreaterThan(5);
    expect(ledger.sessions.length).toBeGreaterThan(3);
    expect(ledger.signatures.length).toBeGreaterThan(10);
    for (const url of urls) expect(ledger.servedAfterMark.get(url) ?? 0).toBeGreaterThan(0);
    await expectAllAcknowledgedStored(ledger, urls);
    instances = instances.slice(1);
  });

  it("PostgreSQL restarted mid-load: instances report not ready, recover by themselves, lose nothing acknowledged", async () => {
    const urls = instances.map((i) => i.url);
    const stop = new AbortController();
    const { ledger, done } = startMixedLoad(() => urls, 6, stop.signal);
    await sleep(LOAD_MS / 3);
    await cluster.kill();
    const down = await Promise.all(urls.map((u) => fetch(`${u}/ready`)));
    expect(down.map((r) => r.status)).toEqual(urls.map(() => 503));
    // A request meanwhile is refused as unavailable (503, retry later), never a crash.
    const during = await new EmulatorClient(urls[0]!).post("lookup", { email: "nobody@example.test" });
    expect([during.status, during.body.code]).toEqual([503, "UNAVAILABLE"]);
    await sleep(1_000);
    await cluster.start();
    for (const url of urls) await waitReady(url);
    await sleep(LOAD_MS / 3);
    stop.abort();
    await done;
    expect(ledger.failures).toBeGreaterThan(0);
    expect(ledger.signatures.length).toBeGreaterThan(10);
    await expectAllAcknowledgedStored(ledger, urls);
  });
});

async function waitReady(url: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const answer = await fetch(`${url}/ready`).catch(() => undefined);
    if (answer?.status === 200) return;
    if (Date.now() > deadline) throw new Error(`${url} did not become ready again`);
    await sleep(200);
  }
}
