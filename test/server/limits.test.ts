import { mkdtempSync, rmSync, statSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { startServer } from "../../server/index";
import { multiOwnerCreationMessage } from "../../wire/multi-owner";
import { MAX_BODY_BYTES } from "../../server/app";
import { MAX_EXPIRATION_SECONDS } from "../../server/schemas";
import { newTargetKey, WHOAMI_URL } from "./support/client";
import { startTestServer, uniqueEmail, type TestServer } from "./support/emulator";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.emulator.stop());

const nullStamp = { stampHeaderName: "X-Stamp", stampHeaderValue: Buffer.from("null").toString("base64url") };

describe("sizes and bounds", () => {
  it("refuses a body over 1 MiB with 413 before parsing it", async () => {
    const big = JSON.stringify({ email: "a@b.co", pad: "x".repeat(MAX_BODY_BYTES) });
    // Its own connection: the server answers before reading the rest, then drops that socket.
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(`${t.emulator.url}/signer/v1/lookup`, { method: "POST", headers: { "content-type": "application/json", connection: "close" } }, (res) => {
        let body = "";
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode!, body }));
      });
      req.on("error", reject);
      req.end(big);
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).code).toBe("BODY_TOO_LARGE");
    // A chunked body declares no length: it is cut off while streaming.
    const chunked = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(`${t.emulator.url}/signer/v1/lookup`, { method: "POST", headers: { "content-type": "application/json", connection: "close" } }, (res) => {
        let body = "";
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode!, body }));
      });
      req.on("error", reject);
      for (let i = 0; i < 5; i++) req.write("x".repeat(MAX_BODY_BYTES / 4));
      req.end();
    });
    expect(chunked.status).toBe(413);
    // A DELETE without a body is no body at all.
    expect((await fetch(`${t.emulator.url}/dev/api/messages`, { method: "DELETE" })).status).toBe(200);
    expect((await t.client.post("lookup", { email: uniqueEmail() })).status).toBe(200);
  });

  it("caps emails at 254 characters and sessions at 30 days", async () => {
    const long = `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(63)}.test`;
    expect(long.length).toBeGreaterThan(254);
    const tooLong = await t.client.post("signup", { email: long, targetPublicKey: newTargetKey().publicKey });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toContain("at most 254 characters");
    const huge = `${"a".repeat(2600)}@example.test`;
    expect((await t.client.post("signup", { email: huge, targetPublicKey: newTargetKey().publicKey })).status).toBe(400);

    for (const expirationSeconds of [1e308, MAX_EXPIRATION_SECONDS + 1, "99999999999999999999"]) {
      const answer = await t.client.post("signup", { email: uniqueEmail("exp"), targetPublicKey: newTargetKey().publicKey, expirationSeconds });
      expect(answer.status, String(expirationSeconds)).toBe(400);
    }
    expect((await t.client.post("signup", { email: uniqueEmail("exp"), targetPublicKey: newTargetKey().publicKey, expirationSeconds: MAX_EXPIRATION_SECONDS })).status).toBe(200);
  });

  it("bounds the members of a multi-owner organisation", async () => {
    const member = (i: number) => ({ evmSignerAddress: `0x${i.toString(16).padStart(40, "0")}` });
    const tooMany = await t.client.post("multi-owner-create", { members: Array.from({ length: 101 }, (_, i) => member(i + 1)) });
    expect(tooMany.status).toBe(400);
    const owner = privateKeyToAccount(generatePrivateKey());
    const timestampMs = String(Date.now());
    const signature = await owner.signMessage({ message: multiOwnerCreationMessage([owner.address], timestampMs) });
    expect((await t.client.post("multi-owner-create", { members: [{ evmSignerAddress: owner.address, signature }], timestampMs })).status).toBe(200);
  });
});

describe("malformed inputs never answer 500", () => {
  it("answers 4xx to each of them", async () => {
    const stamped = { stampedRequest: { url: WHOAMI_URL, body: JSON.stringify({ organizationId: crypto.randomUUID() }), stamp: nullStamp } };
    const cases: Array<[string, unknown]> = [
      ["whoami", stamped],
      ["whoami", { stampedRequest: { ...stamped.stampedRequest, stamp: { stampHeaderName: "X-Stamp", stampHeaderValue: Buffer.from("[]").toString("base64url") } } }],
      ["whoami", { stampedRequest: { ...stamped.stampedRequest, stamp: { stampHeaderName: "X-Stamp-Webauthn", stampHeaderValue: "null" } } }],
      ["whoami", { stampedRequest: { ...stamped.stampedRequest, stamp: { stampHeaderName: "X-Stamp", stampHeaderValue: "%%%" } } }],
      ["signup", { email: `${"a".repeat(2680)}@x.test`, targetPublicKey: newTargetKey().publicKey }],
      ["signup", { email: uniqueEmail(), targetPublicKey: newTargetKey().publicKey, expirationSeconds: 1e308 }],
      ["lookup", "null"],
      ["lookup", "[]"],
      ["lookup", "{"],
      ["auth-jwt", { jwt: "a.b.c", targetPublicKey: newTargetKey().publicKey }],
      ["auth-validate-multi-factors", { encryptedPayload: "null", multiFactors: [] }],
      ["otp", { orgId: crypto.randomUUID(), otpId: crypto.randomUUID(), otpCode: "1", targetPublicKey: "04" }],
      ["multi-owner-create", { members: "x" }],
    ];
    for (const [route, body] of cases) {
      const answer = await t.client.post(route, body);
      expect(answer.status, `${route} ${JSON.stringify(body).slice(0, 80)}`).toBeGreaterThanOrEqual(400);
      expect(answer.status, `${route} ${JSON.stringify(body).slice(0, 80)}`).toBeLessThan(500);
    }
  });
});

describe("the dev identity provider", () => {
  it("accepts only its registered redirect URI, exactly (RFC 9700), not any loopback URL", async () => {
    const authorize = (redirectUri: string) =>
      fetch(
        `${t.emulator.url}/idp/google/authorize?${new URLSearchParams({
          client_id: "latch-dev-google",
          redirect_uri: redirectUri,
          response_type: "code",
          scope: "openid email",
          code_challenge: "a".repeat(43),
          code_challenge_method: "S256",
          state: "s",
        })}`,
        { redirect: "manual" },
      );
    expect((await authorize(`${t.emulator.url}/callback`)).status).toBe(200);
    for (const other of ["http://localhost:5173/steal", `${t.emulator.url}/callback?x=1`, `${t.emulator.url}/callback/`, "http://127.0.0.1:1/cb"]) {
      expect((await authorize(other)).status, other).toBe(400);
    }
  });
});

describe("data dir permissions", () => {
  it("keeps the data dir to its owner (0700) and the master secret 0600", async () => {
    const dir = join(mkdtempSync(join(tmpdir(), "latch-perm-")), "data");
    const emulator = await startServer({ dataDir: dir, port: 0 });
    try {
      expect(statSync(dir).mode & 0o777).toBe(0o700);
      expect(statSync(join(dir, "master-secret")).mode & 0o777).toBe(0o600);
    } finally {
      await emulator.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
