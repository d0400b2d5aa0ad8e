import { connect } from "node:net";
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPostgresCluster, type PostgresCluster } from "../server/support/postgresCluster";
import { API_KEY, METRICS_TOKEN, signer, startProduction, type ProductionProcess } from "./support/server";

// The production profile's operator-facing hardening on PostgreSQL (issue 29, low items).
let cluster: PostgresCluster;
let server: ProductionProcess;
let plain: ProductionProcess;

beforeAll(async () => {
  cluster = await startPostgresCluster();
  [server, plain] = await Promise.all([
    startProduction({ DATABASE_URL: await cluster.createDatabase(), LATCH_HOST_ALIASES: "signer.internal:8443" }),
    startProduction({ LATCH_METRICS_TOKEN: undefined }),
  ]);
});
afterAll(async () => {
  await Promise.all([server?.stop(), plain?.stop()]);
  await cluster?.destroy();
});

/** A GET with the Host header of our choosing (fetch does not let a caller set Host). */
function getWithHost(url: string, path: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}${path}`, { headers: { Host: host } }, (res) => {
      let body = "";
      res.on("data", (chunk: Buffer) => (body += chunk.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** The first log line called `msg` after line `since`, waiting for it (stdout arrives in its own time). */
async function logLine(process: ProductionProcess, since: number, msg: string): Promise<Record<string, unknown> | undefined> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const line = process.logs.slice(since).find((l) => l.msg === msg);
    if (line || Date.now() > deadline) return line;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("metrics are for the operator", () => {
  it("not served without LATCH_METRICS_TOKEN; with it, only to its bearer", async () => {
    expect((await fetch(`${plain.url}/metrics`)).status).toBe(404);
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}x` } })).status).toBe(401);
    const metrics = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain("latch_http_requests_total");
  });
});

describe("Host", () => {
  it("answers LATCH_PUBLIC_URL's host and the aliases, 421 for any other; probes answer whatever the Host", async () => {
    const port = new URL(server.url).port;
    expect((await getWithHost(server.url, "/frames/auth", `localhost:${port}`)).status).toBe(200);
    expect((await getWithHost(server.url, "/frames/auth", "signer.internal:8443")).status).toBe(200);
    const rebound = await getWithHost(server.url, "/frames/auth", "attacker.example");
    expect(rebound.status).toBe(421);
    expect(JSON.parse(rebound.body)).toMatchObject({ code: "MISDIRECTED_REQUEST" });
    expect((await getWithHost(server.url, "/frames/auth", `127.0.0.1:${port}`)).status).toBe(421);
    expect((await getWithHost(server.url, "/health", "10.0.0.5:8787")).status).toBe(200);
  });
});

describe("signer answers are never cached", () => {
  it("Cache-Control: no-store on answers and refusals", async () => {
    const answer = await signer(server, "lookup", { email: "nobody@example.com" });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    const refusal = await signer(server, "lookup", { email: "nobody@example.com" }, {});
    expect(refusal.status).toBe(401);
    expect(refusal.headers.get("cache-control")).toBe("no-store");
    const bad = await signer(server, "whoami", { organizationId: "x" });
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(bad.headers.get("cache-control")).toBe("no-store");
  });
});

describe("a client that goes away mid-request", () => {
  it("is an info line, not an error with a stack", async () => {
    const port = Number(new URL(server.url).port);
    const before = server.logs.length;
    await new Promise<void>((resolve, reject) => {
      const socket = connect(port, "127.0.0.1", () => {
        socket.write(
          `POST /signer/v1/lookup HTTP/1.1\r\nHost: localhost:${port}\r\nAuthorization: Bearer ${API_KEY}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":`,
        );
        setTimeout(() => socket.destroy(), 200);
      });
      socket.on("close", () => resolve());
      socket.on("error", reject);
    });
    expect(await logLine(server, before, "client aborted")).toMatchObject({ level: 30, route: "/signer/v1/lookup" });
    expect(server.logs.slice(before).filter((l) => (l.level as number) >= 50)).toEqual([]);
  });
});

describe("/ready", () => {
  it("says why in the log, not the database's address to the caller", async () => {
    await cluster.stop();
    try {
      const before = server.logs.length;
      const answer = await fetch(`${server.url}/ready`);
      expect(answer.status).toBe(503);
      const text = await answer.text();
      expect(JSON.parse(text)).toEqual({ ready: false, reason: "The database does not answer" });
      expect(text).not.toContain(String(cluster.port));
      expect(text).not.toContain("127.0.0.1");
      const logged = await logLine(server, before, "not ready");
      expect(logged).toMatchObject({ level: 40 });
      expect(String(logged!.detail)).toContain("The database does not answer");
    } finally {
      await cluster.start();
    }
  });
});
