import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { smtpSender } from "../../server/delivery/smtp";
import { twilioSmsSender, webhookSmsSender } from "../../server/delivery/sms";
import { renderEmail } from "../../server/delivery/templates";
import { realDelivery } from "../../server/delivery/production";
import type { OutgoingMessage } from "../../server/delivery/types";
import { freePort } from "./support/server";
import { startHttpReceiver, startSmtpReceiver, type ReceivedEmail, type ReceivedRequest, type Receiver } from "./support/receivers";

const NOW = Date.UTC(2026, 10, 24, 12, 0, 0);
const codeMessage = (to: string): OutgoingMessage => ({
  to,
  channel: to.includes("@") ? "email" : "sms",
  subject: "Your Latch sign-in code",
  text: "dev text",
  code: "123456",
  link: null,
  expiresAt: NOW + 10 * 60_000,
  requestedBy: "https://app.example.com",
});

let smtp: Receiver<ReceivedEmail>;
let twilio: Receiver<ReceivedRequest>;
let failing: Receiver<ReceivedRequest>;

beforeAll(async () => {
  [smtp, twilio, failing] = await Promise.all([startSmtpReceiver(), startHttpReceiver(201, '{"sid":"SM1"}'), startHttpReceiver(500, "provider down")]);
});
afterAll(async () => {
  await Promise.all([smtp?.close(), twilio?.close(), failing?.close()]);
});

describe("delivery", () => {
  it("sends email over SMTP with a text and an HTML part", async () => {
    const sender = smtpSender({ url: smtp.url, from: "App <no-reply@app.example>" });
    await sender.send(codeMessage("ada@example.com"), NOW);
    sender.close();
    const mail = await smtp.waitFor((m) => m.to === "ada@example.com");
    expect(mail.text).toBe(
      [
        "Your code is 123456",
        "",
        "Requested by https://app.example.com on Tue, 24 Nov 2026 12:00:00 UTC.",
        "It expires on Tue, 24 Nov 2026 12:10:00 UTC (in 10 minutes).",
        "If you did not ask for it, ignore this email: nobody can sign in without it.",
      ].join("\n"),
    );
    expect(mail.html).toContain("<h1");
  });

  it("escapes what it puts in HTML, and makes only http(s) links clickable", () => {
    const { html } = renderEmail({ ...codeMessage("a@b.co"), code: null, link: "javascript:alert(1)", requestedBy: "<script>" }, NOW);
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;");
    expect(html).toContain('href=""');
  });

  it("an unreachable SMTP server is a 502 DELIVERY_FAILED that names no detail", async () => {
    const sender = smtpSender({ url: `smtp://127.0.0.1:${await freePort()}`, from: "no-reply@app.example" });
    await expect(sender.send(codeMessage("ada@example.com"), NOW)).rejects.toMatchObject({ status: 502, code: "DELIVERY_FAILED", message: "The email could not be sent; try again in a moment" });
    sender.close();
  });

  it("Twilio: POST /2010-04-01/Accounts/<sid>/Messages.json, basic auth, To / From / Body", async () => {
    await twilioSmsSender({ accountSid: "AC123", authToken: "secret", from: "+15550001111", baseUrl: twilio.url }).send(codeMessage("+14155550123"), NOW);
    const request = await twilio.waitFor(() => true);
    expect(request.path).toBe("/2010-04-01/Accounts/AC123/Messages.json");
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from("AC123:secret").toString("base64")}`);
    const form = new URLSearchParams(request.body);
    expect(form.get("To")).toBe("+14155550123");
    expect(form.get("From")).toBe("+15550001111");
    expect(form.get("Body")).toBe("Your code for app.example.com is 123456. It expires in 10 minutes. If you did not ask for it, ignore this message.");
  });

  it("a provider that answers an error is a 502 DELIVERY_FAILED (the answer kept as the cause)", async () => {
    const error: unknown = await webhookSmsSender(failing.url).send(codeMessage("+14155550123"), NOW).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, code: "DELIVERY_FAILED" });
    expect(((error as Error).cause as Error).message).toContain("500: provider down");
  });

  it("sends no SMS until LATCH_SMS_ALLOWED_COUNTRIES lists the country, and says so", async () => {
    let refusals = 0;
    const sent: string[] = [];
    const sms = { send: async (message: OutgoingMessage) => void sent.push(message.to) };
    const delivery = (allowed: string[]) => realDelivery({ sms, smsCountries: { allowed, refused: () => refusals++ } });
    const none: unknown = await delivery([]).send(null as never, codeMessage("+14155550123"), NOW).catch((e: unknown) => e);
    expect(none).toMatchObject({ status: 403, code: "SMS_COUNTRY_NOT_ALLOWED" });
    expect((none as Error).message).toMatch(/LATCH_SMS_ALLOWED_COUNTRIES \(it allows none yet\)/);
    await delivery(["1", "44"]).send(null as never, codeMessage("+14155550123"), NOW);
    expect(await delivery(["44"]).send(null as never, codeMessage("+4915112345678"), NOW).catch((e: unknown) => e)).toMatchObject({ code: "SMS_COUNTRY_NOT_ALLOWED" });
    expect([sent, refusals]).toEqual([["+14155550123"], 2]);
  });
});
