import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { p256 } from "@noble/curves/nist.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { API_KEY, METRICS_TOKEN, productionEnv, runToExit, signer, startProduction, type ProductionProcess } from "./support/server";

// The production profile as it runs: a subprocess configured by environment variables only.
let server: ProductionProcess;

beforeAll(async () => {
  server = await startProduction();
});
afterAll(async () => {
  await server?.stop();
});

describe("the production profile", () => {
  it("is alive and ready, and logs one JSON line saying where it listens", async () => {
    expect(await (await fetch(`${server.url}/health`)).json()).toEqual({ ok: true });
    expect(await (await fetch(`${server.url}/ready`)).json()).toEqual({ ready: true });
    const listening = server.logs.find((l) => l.msg === "listening")!;
    expect(listening).toMatchObject({ publicUrl: server.url, port: server.port, host: "127.0.0.1" });
  });

  it("has no dev parts: the dev inbox, dev identity provider and dev JWT issuer paths are 404", async () => {
    for (const path of ["/dev/inbox", "/dev/api/messages", "/idp/google/.well-known/openid-configuration", "/idp/google/jwks", "/"]) {
      expect((await fetch(`${server.url}${path}`)).status, path).toBe(404);
    }
    expect((await fetch(`${server.url}/dev/api/jwt`, { method: "POST", body: "{}" })).status).toBe(404);
    expect((await fetch(`${server.url}/dev/api/messages`, { method: "DELETE" })).status).toBe(404);
  });

  it("serves the frames and the signer routes with the app's API key", async () => {
    expect((await fetch(`${server.url}/frames/auth`)).status).toBe(200);
    const lookup = await signer(server, "lookup", { email: "nobody@example.com" });
    expect(lookup.status).toBe(200);
    expect(await lookup.json()).toEqual({ orgId: null });
    // No dev identity provider: social sign-in lists only configured providers (none here).
    expect((await (await signer(server, "prepare-oauth", { nonce: "a".repeat(64) })).json()).authProviders).toEqual([]);
  });

  it("refuses signer calls without an API key, or with a wrong one (401, saying which)", async () => {
    const none = await signer(server, "lookup", { email: "a@example.com" }, {});
    expect(none.status).toBe(401);
    expect((await none.json()).code).toBe("API_KEY_REQUIRED");
    const wrong = await signer(server, "lookup", { email: "a@example.com" }, { authorization: `Bearer ${API_KEY.replace(/.$/, "x")}` });
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).code).toBe("INVALID_API_KEY");
    const basic = await signer(server, "lookup", { email: "a@example.com" }, { authorization: `Basic ${API_KEY}` });
    expect(basic.status).toBe(401);
    // The app's key is checked before anything else, multi-owner-create's member signatures included.
    const multiOwner = await signer(server, "multi-owner-create", { members: [{ evmSignerAddress: `0x${"1".repeat(40)}` }] }, {});
    expect(multiOwner.status).toBe(401);
    expect((await multiOwner.json()).code).toBe("API_KEY_REQUIRED");
  });

  it("refuses email and SMS sign-up with a clear 503 when no delivery is configured", async () => {
    const response = await signer(server, "signup", { email: "new@example.com", targetPublicKey: bytesToHex(p256.getPublicKey(p256.utils.randomSecretKey(), false)) });
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ code: "EMAIL_NOT_CONFIGURED" });
  });

  it("counts requests and refusals at /metrics, and logs requests without keys or bodies", async () => {
    const metrics = await (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    expect(metrics).toMatch(/latch_http_requests_total\{method="POST",route="\/signer\/v1\/lookup",status="401"\} \d+/);
    expect(metrics).toMatch(/latch_refusals_total\{reason="INVALID_API_KEY"\} 1/);
    expect(metrics).toContain("latch_http_request_duration_seconds_bucket");
    const requests = server.logs.filter((l) => l.msg === "request");
    expect(requests.length).toBeGreaterThan(5);
    for (const line of requests) expect(Object.keys(line).sort()).toEqual(["latencyMs", "level", "method", "msg", "reqId", "route", "service", "status", "time"]);
    expect(server.output()).not.toContain(API_KEY);
  });
});

describe("an operator's view", () => {
  it("says where it listens even with only warnings logged, and keeps no secret in its data dir", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "latch-server-quiet-"));
    const quiet = await startProduction({ LATCH_LOG_LEVEL: "warn", LATCH_DATA_DIR: dataDir });
    try {
      expect(quiet.logs.find((l) => l.msg === "listening")).toMatchObject({ port: quiet.port });
      expect(quiet.logs.filter((l) => l.msg === "request")).toEqual([]);
      const files = readdirSync(dataDir);
      expect(files).not.toContain("master-secret");
      expect(readFileSync(join(dataDir, "README.txt"), "utf8")).toMatch(/production profile.*\n.*not kept here/);
    } finally {
      await quiet.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("shutdown", () => {
  it("stops on SIGTERM with exit code 0", async () => {
    expect(await server.stop()).toBe(0);
  });
});

describe("configuration errors", () => {
  it("stops with exit code ≠ 0 and one line naming a missing variable and what it expects", async () => {
    const { env } = await productionEnv({ LATCH_PUBLIC_URL: undefined });
    const result = await runToExit(env);
    expect(result.code).not.toBe(0);
    expect(result.stdout).toBe("");
    expect(result.stderr.trim().split("\n")).toEqual([expect.stringMatching(/^latch-server: LATCH_PUBLIC_URL: required: the server's public URL/)]);
  });

  it("names every missing or malformed variable in one run, one line each", async () => {
    const { env } = await productionEnv({ LATCH_PUBLIC_URL: undefined, LATCH_API_KEYS: "short", LATCH_LOG_LEVEL: "loud" });
    const result = await runToExit(env);
    expect(result.code).toBe(78);
    expect(result.stderr.trim().split("\n")).toEqual([
      expect.stringMatching(/^latch-server: LATCH_PUBLIC_URL: required/),
      expect.stringMatching(/^latch-server: LATCH_API_KEYS: expected comma-separated keys/),
      expect.stringMatching(/^latch-server: LATCH_LOG_LEVEL: expected one of/),
    ]);
  });

  it("names a malformed variable, and never prints a secret's value", async () => {
    const { env } = await productionEnv({ LATCH_SECRET_KEY: "too-short-secret" });
    const result = await runToExit(env);
    expect(result.code).not.toBe(0);
    expect(result.stderr.trim().split("\n")).toEqual([expect.stringMatching(/^latch-server: LATCH_SECRET_KEY must be 32 bytes/)]);
    expect(result.stderr).not.toContain("too-short-secret");
  });
});
