import { createHash, timingSafeEqual } from "node:crypto";
import type { Hono } from "hono";
import { Counter, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { Observer } from "../observer";
import type { ExchangeMiddleware } from "../exchange/exchange";

export interface Metrics {
  registry: Registry;
  observer: Observer;
  /** Counts each request and its latency, by route (either path: server/exchange). */
  middleware: ExchangeMiddleware;
  /** `GET /metrics` in the Prometheus text format, to a bearer of `token` only; no token: not served at all (404). */
  mount(app: Hono, token: string | undefined): void;
}

/** Prometheus metrics of one server (its own registry: two servers in one process never mix). */
export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "latch_" });
  const requests = new Counter({ name: "latch_http_requests_total", help: "HTTP requests by method, route and status", labelNames: ["method", "route", "status"], registers: [registry] });
  const latency = new Histogram({
    name: "latch_http_request_duration_seconds",
    help: "HTTP request latency by method and route",
    labelNames: ["method", "route"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const signIns = new Counter({ name: "latch_sign_ins_total", help: "Sessions granted by sign-in method", labelNames: ["method"], registers: [registry] });
  const codesSent = new Counter({ name: "latch_codes_sent_total", help: "Codes and sign-in links sent by channel and kind", labelNames: ["channel", "kind"], registers: [registry] });
  const refusals = new Counter({ name: "latch_refusals_total", help: "Refused requests by reason (error code)", labelNames: ["reason"], registers: [registry] });
  const sendRefusals = new Counter({
    name: "latch_send_refusals_total",
    help: "Codes and links not sent, by the cap that refused them (contact, contact-day, client, app, sms-country)",
    labelNames: ["reason"],
    registers: [registry],
  });

  return {
    registry,
    observer: {
      signIn: (method) => signIns.inc({ method }),
      codeSent: (channel, kind) => codesSent.inc({ channel, kind }),
      refused: (reason) => refusals.inc({ reason }),
      sendRefused: (reason) => sendRefusals.inc({ reason }),
    },
    middleware: async (x, next) => {
      const started = performance.now();
      await next();
      const route = x.route();
      requests.inc({ method: x.method, route, status: String(x.status()) });
      latency.observe({ method: x.method, route }, (performance.now() - started) / 1000);
    },
    mount(app, token) {
      if (!token) return;
      const expected = createHash("sha256").update(`Bearer ${token}`).digest();
      app.get("/metrics", async (c) => {
        const given = createHash("sha256").update(c.req.header("Authorization") ?? "").digest();
        if (!timingSafeEqual(given, expected)) {
          return c.json({ code: "METRICS_TOKEN_REQUIRED", message: "Metrics are for the operator: send Authorization: Bearer <LATCH_METRICS_TOKEN>" }, 401);
        }
        return c.body(await registry.metrics(), 200, { "Content-Type": registry.contentType, "Cache-Control": "no-store" });
      });
    },
  };
}
