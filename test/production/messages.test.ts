// The product name and the texts of the emails a production server sends come from its configuration:
// LATCH_APP_NAME in the built-in texts, LATCH_EMAIL_FROM as the sender, and the operator's templates
// (LATCH_TEMPLATES_DIR, a folder per locale) chosen by the request's Accept-Language. A real SMTP
// server receives the mail; the server runs as a subprocess configured by environment variables.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { p256 } from "@noble/curves/nist.js";
import { loadConfig } from "../../server/production/config";
import { startSmtpReceiver, type ReceivedEmail, type Receiver } from "./support/receivers";
import { API_KEY, signer, startProduction, type ProductionProcess } from "./support/server";

const frameKey = () => Buffer.from(p256.getPublicKey(p256.utils.randomSecretKey(), false)).toString("hex");

let smtp: Receiver<ReceivedEmail>;
let server: ProductionProcess;
let templatesDir: string;

beforeAll(async () => {
  templatesDir = mkdtempSync(join(tmpdir(), "latch-templates-"));
  mkdirSync(join(templatesDir, "fr"));
  writeFileSync(join(templatesDir, "fr", "sign-in-code.subject.txt"), "Votre code {{appName}}\n");
  writeFileSync(join(templatesDir, "fr", "sign-in-code.txt"), "Bonjour,\n\nvotre code {{appName}} est {{code}}. Il expire dans {{minutes}} minutes.\n");
  writeFileSync(join(templatesDir, "fr", "sign-in-code.html"), "<p>Votre code <b>{{code}}</b> pour {{appName}}</p>\n");
  smtp = await startSmtpReceiver();
  server = await startProduction({
    SMTP_URL: smtp.url,
    LATCH_EMAIL_FROM: "Acme Wallet <no-reply@acme.test>",
    LATCH_APP_NAME: "Acme & Co Wallet",
    LATCH_TEMPLATES_DIR: templatesDir,
  });
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  rmSync(templatesDir, { recursive: true, force: true });
});

async function signUp(email: string, acceptLanguage?: string): Promise<ReceivedEmail> {
  const since = smtp.received.length;
  const headers: Record<string, string> = { authorization: `Bearer ${API_KEY}`, ...(acceptLanguage ? { "accept-language": acceptLanguage } : {}) };
  const response = await signer(server, "signup", { email, targetPublicKey: frameKey() }, headers);
  expect(response.status).toBe(200);
  return smtp.waitFor((mail) => mail.to === email, since);
}

describe("emails name the configured product and sender", () => {
  it("the built-in texts use LATCH_APP_NAME, from LATCH_EMAIL_FROM", async () => {
    const mail = await signUp("ada@acme.test");
    expect(mail.fromHeader).toBe('"Acme Wallet" <no-reply@acme.test>');
    expect(mail.subject).toBe("Your Acme & Co Wallet sign-in code");
    expect(mail.text).toMatch(/^Your code is \d{6}\n/);
    expect(mail.html).toContain("<h1 style=\"font-size:20px\">Your Acme &amp; Co Wallet sign-in code</h1>");
  });

  it("a reader whose languages name a locale the operator wrote gets its template (text and HTML), the values filled in and escaped in HTML", async () => {
    const mail = await signUp("bea@acme.test", "fr-CA, en;q=0.5");
    const code = /est (\d{6})\./.exec(mail.text)?.[1];
    expect(mail.subject).toBe("Votre code Acme & Co Wallet");
    expect(mail.text).toBe(`Bonjour,\n\nvotre code Acme & Co Wallet est ${code}. Il expire dans 10 minutes.`);
    expect(mail.html).toContain(`<p>Votre code <b>${code}</b> pour Acme &amp; Co Wallet</p>`);
  });

  it("a language without a template falls back to the built-in English", async () => {
    const mail = await signUp("cy@acme.test", "de-DE,de;q=0.9");
    expect(mail.subject).toBe("Your Acme & Co Wallet sign-in code");
  });
});

describe("the configuration of names and templates", () => {
  const base = { LATCH_PUBLIC_URL: "https://signer.example.com", LATCH_ALLOWED_ORIGINS: "https://app.example.com", LATCH_SECRET_KEY: Buffer.alloc(32, 1).toString("base64"), LATCH_API_KEYS: API_KEY };
  const files = { readFile: () => "" };

  it("reports a template file that is not one and a value a template names that does not exist, every one", () => {
    const dir = mkdtempSync(join(tmpdir(), "latch-templates-bad-"));
    try {
      mkdirSync(join(dir, "en"));
      writeFileSync(join(dir, "en", "sign-in-code.txt"), "Your code is {{cdoe}}");
      writeFileSync(join(dir, "en", "welcome.txt"), "hi");
      const message = (() => {
        try {
          loadConfig({ ...base, LATCH_TEMPLATES_DIR: dir, LATCH_APP_NAME: "A\nB" }, files);
          return "";
        } catch (error) {
          return (error as Error).message;
        }
      })();
      expect(message.split("\n")).toEqual([
        expect.stringMatching(/^LATCH_APP_NAME: expected a product name/),
        expect.stringMatching(/^LATCH_TEMPLATES_DIR: en\/sign-in-code\.txt: unknown \{\{cdoe\}\}; en\/welcome\.txt: not a template/),
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("defaults the product name to Latch", () => {
    expect(loadConfig(base, files).appName).toBe("Latch");
  });
});
