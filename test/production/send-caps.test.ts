import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { p256 } from "@noble/curves/nist.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { startPostgresCluster, type PostgresCluster } from "../server/support/postgresCluster";
import { API_KEY, METRICS_TOKEN, signer, startProduction, type ProductionProcess } from "./support/server";
import { startHttpReceiver, startSmtpReceiver, type ReceivedEmail, type ReceivedRequest, type Receiver } from "./support/receivers";

// Send caps in the production profile on PostgreSQL (issue 29, item 2): one client cannot start
// sign-up after sign-up (each a mail and a wallet), and SMS go only to the countries the operator lists.
let cluster: PostgresCluster;
let smtp: Receiver<ReceivedEmail>;
let smsHook: Receiver<ReceivedRequest>;
let server: ProductionProcess;

beforeAll(async () => {
  [cluster, smtp, smsHook] = await Promise.all([startPostgresCluster(), startSmtpReceiver(), startHttpReceiver()]);
  server = await startProduction({
    DATABASE_URL: await cluster.createDatabase(),
    SMTP_URL: smtp.url,
    LATCH_EMAIL_FROM: "no-reply@app.example",
    LATCH_SMS_WEBHOOK_URL: `${smsHook.url}/sms`,
    LATCH_SMS_ALLOWED_COUNTRIES: "44",
    LATCH_TRUSTED_PROXIES: "127.0.0.1,::1",
  });
});
afterAll(async () => {
  await server?.stop();
  await Promise.all([smtp?.close(), smsHook?.close()]);
  await cluster?.destroy();
});

const targetPublicKey = () => bytesToHex(p256.getPublicKey(p256.utils.randomSecretKey(), false));
let counter = 0;
const uniqueEmail = () => `caps-${Date.now()}-${++counter}@example.com`;
const from = (client: string) => ({ authorization: `Bearer ${API_KEY}`, "x-forwarded-for": client });

describe("send caps in production", () => {
  it("one client gets 10 sign-ups a minute, then 429 with Retry-After; another client is not held up", async () => {
    const statuses: number[] = [];
    let refused: Response | undefined;
    for (let i = 0; i < 12; i++) {
      const answer = await signer(server, "signup", { email: uniqueEmail(), targetPublicKey: targetPublicKey() }, from("203.0.113.20"));
      statuses.push(answer.status);
      if (answer.status === 429) refused ??= answer;
    }
    console.info(`[send caps] one client, 12 sign-ups in a row: ${statuses.filter((s) => s === 200).length} sent before refusal`);
    expect(statuses).toEqual([...Array(10).fill(200), 429, 429]);
    expect(Number(refused!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(refused!.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    expect(await refused!.json()).toMatchObject({ code: "RATE_LIMITED" });
    expect((await signer(server, "signup", { email: uniqueEmail(), targetPublicKey: targetPublicKey() }, from("203.0.113.21"))).status).toBe(200);
  });

  it("sends SMS only to the listed country calling codes; others are refused naming LATCH_SMS_ALLOWED_COUNTRIES", async () => {
    const since = smsHook.received.length;
    const us = await signer(server, "signup", { phone: "+14155550142", targetPublicKey: targetPublicKey() }, from("203.0.113.30"));
    expect(us.status).toBe(403);
    const refusal = (await us.json()) as { code: string; message: string };
    expect(refusal.code).toBe("SMS_COUNTRY_NOT_ALLOWED");
    expect(refusal.message).toContain("LATCH_SMS_ALLOWED_COUNTRIES");
    expect(refusal.message).toContain("+44");
    const uk = await signer(server, "signup", { phone: "+447700900142", targetPublicKey: targetPublicKey() }, from("203.0.113.31"));
    expect(uk.status).toBe(200);
    await smsHook.waitFor((r) => r.body.includes("+447700900142"), since);
    expect(smsHook.received.slice(since).some((r) => r.body.includes("+1415"))).toBe(false);
  });

  it("counts refused sends by reason at /metrics", async () => {
    const metrics = await (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    expect(metrics).toMatch(/latch_send_refusals_total\{reason="client"\} 2/);
    expect(metrics).toMatch(/latch_send_refusals_total\{reason="sms-country"\} 1/);
  });
});
