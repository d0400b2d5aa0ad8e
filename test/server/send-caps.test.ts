import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_LIMITS } from "../../server/options";
import { trustedProxyClients } from "../../server/middleware/client";
import { newTargetKey } from "./support/client";
import { startTestServer, uniqueEmail, type TestServer } from "./support/emulator";

// Send caps (issue 29, item 2): per contact per day, per client, per app. The dev profile leaves the
// client and app caps off unless given, so this server gives them; X-Forwarded-For names the client.
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({
    limits: { sendsPerClientPerMinute: DEFAULT_LIMITS.sendsPerClientPerMinute, sendsPerAppPerMinute: 15 },
    hooks: { install: (app) => app.use(trustedProxyClients(["127.0.0.1", "::1"])) },
  });
});
afterAll(() => t?.emulator.stop());

const signUp = (email: string, client: string, origin?: string) =>
  t.client.post("signup", { email, targetPublicKey: newTargetKey().publicKey }, { "X-Forwarded-For": client, ...(origin ? { Origin: origin } : {}) });

describe("send caps", () => {
  it("one client address: 10 codes a minute, then 429 with Retry-After; other clients are not held up", async () => {
    t.clock.advance(61_000);
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push(await signUp(uniqueEmail("burst"), "203.0.113.7"));
    expect(answers.slice(0, 10).map((a) => a.status)).toEqual(Array(10).fill(200));
    const refused = answers[10]!;
    expect([refused.status, refused.body.code]).toEqual([429, "RATE_LIMITED"]);
    expect(refused.body.message).toContain("from this client");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    expect((await signUp(uniqueEmail("other"), "203.0.113.8")).status).toBe(200);
    t.clock.advance(61_000);
    expect((await signUp(uniqueEmail("later"), "203.0.113.7")).status).toBe(200);
  });

  it("one app: its cap per minute across clients, then 429; another app is not held up", async () => {
    t.clock.advance(61_000);
    const statuses = [];
    for (let i = 0; i < 16; i++) statuses.push((await signUp(uniqueEmail("app"), `198.51.100.${i + 1}`, "http://localhost:5173")).status);
    expect(statuses).toEqual([...Array(15).fill(200), 429]);
    expect((await signUp(uniqueEmail("app"), "198.51.100.99", "http://localhost:5174")).status).toBe(200);
  });

  it("one contact: 20 codes a day however they are spaced, then 429 until the day has passed", async () => {
    const email = uniqueEmail("daily");
    const { orgId } = await t.client.ok("signup", { email, targetPublicKey: newTargetKey().publicKey }, { "X-Forwarded-For": "192.0.2.1" });
    let sent = 1;
    let refused;
    for (let i = 0; i < 25 && !refused; i++) {
      t.clock.advance(DEFAULT_LIMITS.sendWindowMs + 1000);
      const answer = await t.client.post("auth", { email, targetPublicKey: newTargetKey().publicKey }, { "X-Forwarded-For": `192.0.2.${i + 2}` });
      if (answer.status === 429) refused = answer;
      else {
        expect(answer.body.orgId).toBe(orgId);
        sent++;
      }
    }
    expect(sent).toBe(DEFAULT_LIMITS.sendsPerContactPerDay);
    expect(refused!.body.message).toContain("today");
    expect(Number(refused!.headers.get("retry-after"))).toBeGreaterThan(20 * 3600);
    t.clock.advance(24 * 3600_000);
    expect((await t.client.post("auth", { email, targetPublicKey: newTargetKey().publicKey }, { "X-Forwarded-For": "192.0.2.200" })).status).toBe(200);
  });
});
