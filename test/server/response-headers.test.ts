// Headers set on answers already made (Cache-Control on the signer's answers, X-Request-Id of the
// production log): set in place, and still set on answers whose headers cannot change (a redirect).
import { describe, expect, it } from "vitest";
import { Hono } from "hono";
import { pino } from "pino";
import { setResponseHeader } from "../../server/middleware/responseHeader";
import { requestLog } from "../../server/production/requestLog";

function app() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino({ level: "info" }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
  const hono = new Hono();
  hono.use(requestLog(logger));
  hono.use(async (c, next) => {
    await next();
    setResponseHeader(c, "Cache-Control", "no-store");
  });
  hono.get("/json", (c) => c.json({ ok: true }));
  hono.get("/response", () => new Response("text", { status: 201 }));
  hono.get("/redirect", () => Response.redirect("http://localhost/elsewhere", 302));
  hono.get("/throws", () => {
    throw new Error("boom");
  });
  hono.onError((_, c) => c.json({ code: "INTERNAL" }, 500));
  return { hono, lines };
}

describe("headers set on a made answer (setResponseHeader)", () => {
  it("reach JSON answers, Responses made by a route, redirects (immutable headers) and error answers", async () => {
    const { hono, lines } = app();
    for (const [path, status] of [["/json", 200], ["/response", 201], ["/redirect", 302], ["/throws", 500]] as const) {
      const response = await hono.request(path, { headers: { "X-Request-Id": `id-${path.slice(1)}` } });
      expect(response.status, path).toBe(status);
      expect(response.headers.get("cache-control"), path).toBe("no-store");
      expect(response.headers.get("x-request-id"), path).toBe(`id-${path.slice(1)}`);
    }
    expect((await (await hono.request("/json")).json()) as unknown).toEqual({ ok: true });
    expect(lines.filter((line) => line.msg !== "request failed").map((line) => line.status)).toEqual([200, 201, 302, 200]);
  });

  it("gives a request without a usable X-Request-Id a new one, the one its log line carries", async () => {
    const { hono, lines } = app();
    const response = await hono.request("/json", { headers: { "X-Request-Id": "not a sane id!" } });
    const id = response.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.at(-1)?.reqId).toBe(id);
  });
});
