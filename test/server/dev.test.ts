import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inboxPage } from "../../server/dev/inboxPage";
import { newTargetKey } from "./support/client";
import { startTestServer, uniqueEmail, uniquePhone, type TestServer } from "./support/emulator";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.emulator.stop());

const get = (path: string, init?: RequestInit) => fetch(`${t.emulator.url}${path}`, init);

describe("dev inbox", () => {
  it("lists messages newest first, filters by recipient, and empties", async () => {
    const email = uniqueEmail("inbox");
    const phone = uniquePhone();
    await t.client.ok("signup", { email, targetPublicKey: newTargetKey().publicKey });
    await t.client.ok("auth", { email, targetPublicKey: newTargetKey().publicKey });
    await t.client.ok("signup", { phone, targetPublicKey: newTargetKey().publicKey });

    const all = (await (await get("/dev/api/messages")).json()) as any[];
    expect(all.map((m) => m.to).slice(0, 3)).toEqual([phone, email, email]);
    const mine = await t.client.messages(email.toUpperCase());
    expect(mine).toHaveLength(2);
    expect(mine[0]).toEqual({
      id: expect.any(String),
      to: email,
      channel: "email",
      subject: "Your Latch sign-in code",
      text: expect.stringContaining(mine[0].code),
      code: expect.stringMatching(/^\d{6}$/),
      link: null,
      sentAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(Date.parse(mine[0].sentAt)).toBeGreaterThanOrEqual(Date.parse(mine[1].sentAt));
    // An unencoded "+" arrives as a space; the inbox still finds the phone number.
    const sms = (await (await get(`/dev/api/messages?to=${phone}`)).json()) as any[];
    expect(sms).toHaveLength(1);
    expect((await t.emulator.inbox.latest(email))?.code).toBe(mine[0].code);

    const page = await get("/dev/inbox");
    expect(page.headers.get("content-type")).toContain("text/html");
    const html = await page.text();
    expect(html).toContain(mine[0].code);
    expect(html).toContain("Development only");

    expect((await get("/dev/api/messages", { method: "DELETE" })).status).toBe(200);
    expect(await t.client.messages()).toEqual([]);
  });

  it("escapes what it shows and links only http(s) URLs", () => {
    const html = inboxPage([
      {
        id: "1",
        to: "<img src=x onerror=alert(1)>@x.test",
        channel: "email",
        subject: "<script>alert(1)</script>",
        text: "a & b",
        code: "<b>1</b>",
        link: "javascript:alert(1)",
        sentAt: new Date(0).toISOString(),
      },
      { id: "2", to: "a@x.test", channel: "email", subject: "s", text: "t", code: null, link: 'http://localhost:5173/?a="1"&b=<2>', sentAt: new Date(0).toISOString() },
    ]);
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<img");
    expect(html).not.toContain('href="javascript');
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("a &amp; b");
    expect(html).toContain('href="http://localhost:5173/?a=%221%22&amp;b=%3C2%3E"');
  });
});

describe("pages", () => {
  it("serves health, the index, and the frames", async () => {
    expect(await (await get("/health")).json()).toEqual({ ok: true });
    const index = await (await get("/")).text();
    expect(index).toContain("not for production");
    expect(index).toContain("/dev/inbox");

    const frame = await get("/frames/auth");
    expect(frame.status).toBe(200);
    expect(frame.headers.get("content-security-policy")).toContain("frame-ancestors 'self' http://localhost:*");
    expect(frame.headers.get("x-frame-options")).toBeNull();
    expect(await frame.text()).toContain('<script src="auth.js"></script>');
    const script = await get("/frames/auth.js");
    expect(script.headers.get("content-type")).toContain("text/javascript");
    const js = await script.text();
    expect(js).toContain("TURNKEY_INIT_MESSAGE_CHANNEL");
    expect(js).toContain("PUBLIC_KEY_READY");

    const exportFrame = await get("/frames/export");
    const exportHtml = await exportFrame.text();
    expect(exportHtml).toMatch(/<meta name="latch-export-signing-key" content="04[0-9a-f]{128}">/);
    expect(exportHtml).toContain('<script src="export.js"></script>');
  });

  it("answers unknown paths with a JSON 404", async () => {
    const answer = await get("/nope");
    expect(answer.status).toBe(404);
    expect(await answer.json()).toMatchObject({ code: "NOT_FOUND", message: "No route GET /nope" });
  });
});
