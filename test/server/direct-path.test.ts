// The hot signer routes (sign-payload, whoami) are served from node:http's request and response without
// Hono (server/exchange/direct.ts). These tests prove that path is the one taken, and that it answers
// exactly what Hono's path answers — refusals included — by sending each request twice: to the plain
// path (direct) and with a query string, which the direct path leaves to Hono's.
import { createServer, request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashMessage, recoverAddress } from "viem";
import { MAX_BODY_BYTES } from "../../server/app";
import { buildServer } from "../../server/build";
import type { Exchange } from "../../server/exchange/exchange";
import { SIGN_RAW_PAYLOAD_URL, signRawPayloadBody, stampedRequest, whoamiRequest, type Session, type User } from "./support/client";
import { startTestServer, uniqueEmail, type TestServer } from "./support/emulator";

let t: TestServer;
let alice: { user: User; session: Session };
const seen: Array<{ via: Exchange["via"]; path: string }> = [];

beforeAll(async () => {
  t = await startTestServer({ hooks: { onExchange: (x) => void seen.push({ via: x.via, path: x.path }) } });
  alice = await t.client.signUp(uniqueEmail("alice"));
});
afterAll(() => t?.emulator.stop());

interface Raw {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

/** POSTs `body` over its own connection (a refused body leaves the socket half-read), recording which path carried it. */
async function post(route: string, body: string | string[], headers: Record<string, string> = {}): Promise<Raw & { via: Exchange["via"] | undefined }> {
  const before = seen.length;
  const answer = await new Promise<Raw>((resolve, reject) => {
    let answered = false;
    const req = request(
      `${t.emulator.url}/signer/v1/${route}`,
      { method: "POST", headers: { "content-type": "application/json", connection: "close", ...headers } },
      (res) => {
        answered = true;
        let text = "";
        res.on("data", (chunk: Buffer) => (text += chunk.toString()));
        res.on("end", () => resolve({ status: res.statusCode!, body: text, headers: res.headers }));
        res.on("error", reject);
      },
    );
    // A body refused before it was read: the server answers, then drops the socket while the rest is still
    // being sent, so writing it may fail once the answer is in (the answer is what counts).
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    // An array is sent in chunks (Transfer-Encoding: chunked, no Content-Length).
    if (Array.isArray(body)) for (const chunk of body) req.write(chunk);
    req.end(Array.isArray(body) ? undefined : body);
  });
  return { ...answer, via: seen.slice(before).find((entry) => entry.path === `/signer/v1/${route.split("?")[0]}`)?.via };
}

const signBody = (payloadText = "direct") =>
  JSON.stringify({
    stampedRequest: stampedRequest(
      SIGN_RAW_PAYLOAD_URL,
      signRawPayloadBody(alice.session, { hashFunction: "HASH_FUNCTION_NO_OP", payload: hashMessage(payloadText), signWith: alice.user.address }),
      alice.session,
    ),
  });

/** What a client can see of an answer, but the per-request parts (date, request id). */
function comparable({ status, body, headers }: Raw) {
  const { date: _date, "x-request-id": _id, connection: _connection, "transfer-encoding": _te, "content-length": _length, ...rest } = headers;
  return { status, body: JSON.parse(body) as unknown, headers: rest };
}

describe("the direct path of the hot signer routes", () => {
  it("carries sign-payload and whoami, with the answer Hono's path gives", async () => {
    const direct = await post("sign-payload", signBody("one"));
    const viaHono = await post("sign-payload?path=hono", signBody("two"));
    expect([direct.via, viaHono.via]).toEqual(["direct", "hono"]);
    expect(direct.status).toBe(200);
    expect(await recoverAddress({ hash: hashMessage("one"), signature: JSON.parse(direct.body).signature })).toBe(alice.user.address);
    expect(direct.headers["cache-control"]).toBe("no-store");
    expect(direct.headers["content-type"]).toBe(viaHono.headers["content-type"]);
    expect(Object.keys(comparable(direct).headers).sort()).toEqual(Object.keys(comparable(viaHono).headers).sort());

    const whoami = await post("whoami", JSON.stringify({ stampedRequest: whoamiRequest(alice.session) }));
    const whoamiViaHono = await post("whoami?path=hono", JSON.stringify({ stampedRequest: whoamiRequest(alice.session) }));
    expect([whoami.via, whoamiViaHono.via]).toEqual(["direct", "hono"]);
    expect(comparable(whoami)).toEqual(comparable(whoamiViaHono));
    expect(JSON.parse(whoami.body).address).toBe(alice.user.address);
    // Anything else is Hono's.
    expect((await post("lookup", JSON.stringify({ email: uniqueEmail() }))).via).toBe("hono");
  });

  it("refuses what Hono's path refuses, with the same answer: a bad origin, a bad stamp, a replay, bad JSON, a body over the limit", async () => {
    const stamped = JSON.parse(signBody("tampered")) as { stampedRequest: { body: string } };
    stamped.stampedRequest.body = stamped.stampedRequest.body.replace(/"timestampMs":"\d+"/, `"timestampMs":"${Date.now() + 1}"`);
    const badStamp = JSON.stringify(stamped);
    const replayed = signBody("replayed");
    expect((await post("sign-payload", replayed)).status).toBe(200);

    const cases: Array<[string, () => string | string[], Record<string, string>, number, string]> = [
      ["bad origin", () => signBody(), { origin: "https://evil.example" }, 403, "ORIGIN_NOT_ALLOWED"],
      ["bad host", () => signBody(), { host: "evil.example" }, 403, "HOST_NOT_ALLOWED"],
      ["bad stamp", () => badStamp, {}, 401, ""],
      ["replay", () => replayed, {}, 0, ""],
      ["bad JSON", () => "{", {}, 400, "INVALID_JSON"],
      ["no stamped request", () => "{}", {}, 400, "INVALID_REQUEST"],
      ["declared length over the limit", () => "x".repeat(MAX_BODY_BYTES + 1), {}, 413, "BODY_TOO_LARGE"],
      ["chunked body over the limit", () => Array.from({ length: 5 }, () => "x".repeat(MAX_BODY_BYTES / 4)), {}, 413, "BODY_TOO_LARGE"],
    ];
    for (const [label, body, headers, status, code] of cases) {
      const direct = await post("sign-payload", body(), headers);
      const viaHono = await post("sign-payload?path=hono", body(), headers);
      expect([direct.via, viaHono.via], label).toEqual(["direct", "hono"]);
      expect(direct.status, label).toBeGreaterThanOrEqual(400);
      if (status) expect(direct.status, label).toBe(status);
      if (code) expect(JSON.parse(direct.body).code, label).toBe(code);
      expect(comparable(direct), label).toEqual(comparable(viaHono));
    }
  });

  it("answers an allowed origin with the same CORS headers as Hono's path", async () => {
    const origin = "http://localhost:5173";
    const direct = await post("whoami", JSON.stringify({ stampedRequest: whoamiRequest(alice.session) }), { origin });
    const viaHono = await post("whoami?path=hono", JSON.stringify({ stampedRequest: whoamiRequest(alice.session) }), { origin });
    expect([direct.via, viaHono.via]).toEqual(["direct", "hono"]);
    expect(direct.headers["access-control-allow-origin"]).toBe(origin);
    expect(comparable(direct)).toEqual(comparable(viaHono));
  });

  it("leaves a request whose body was already read in front of it to Hono's path, and answers it", async () => {
    const via: string[] = [];
    const built = await buildServer({ memory: true, hooks: { onExchange: (x) => void via.push(x.via) } });
    // A listener in front that reads the body first, as a framework's body parser does.
    const server = createServer((req, res) => {
      req.resume();
      req.on("end", () => built.nodeListener(req, res));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as { port: number };
      const answer = await fetch(`http://127.0.0.1:${port}/signer/v1/sign-payload`, { method: "POST", headers: { "content-type": "application/json" }, body: signBody("read") });
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(via).toEqual(["hono"]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
      await built.close();
    }
  });

  it("ends only that request's socket when its answer cannot be written, and the server keeps serving", async () => {
    let poison = true;
    // A profile check that sets a header Node refuses to write (a line break in its value), once.
    const middleware = () => [{ run: async (x: Exchange, next: () => Promise<void>) => { await next(); if (poison) x.setHeader("x-poison", "a\nb"); } }];
    const built = await buildServer({ memory: true, hooks: { middleware } });
    const server = createServer(built.nodeListener);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as { port: number };
      const whoami = () => fetch(`http://127.0.0.1:${port}/signer/v1/whoami`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
      await expect(whoami()).rejects.toThrow();
      poison = false;
      expect((await whoami()).status).toBe(400);
    } finally {
      await new Promise((resolve) => server.close(resolve));
      await built.close();
    }
  });
});
