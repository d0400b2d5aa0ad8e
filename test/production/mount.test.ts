// The library (`createLatchServer`, the latch-server package's main export) mounted under /latch of a
// plain node:http server that also answers routes of its own: the email sign-in through the mount,
// codes over a real SMTP server, the frames under the path.
import { createServer, type Server } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLatchServer, type LatchServer } from "../../server/library";
import { EmulatorClient, newTargetKey, sessionFromBundle, whoamiRequest } from "../server/support/client";
import { startSmtpReceiver, type ReceivedEmail, type Receiver } from "./support/receivers";

const API_KEY = "mount-test-api-key-0123456789";
const auth = { authorization: `Bearer ${API_KEY}` };

let smtp: Receiver<ReceivedEmail>;
let host: Server;
let base: string;
let latch: LatchServer;
let dataDir: string;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  dataDir = mkdtempSync(join(tmpdir(), "latch-mount-"));
  // The host app: its own routes, and everything under /latch handed to Latch.
  host = createServer((req, res) => {
    if (req.url === "/latch" || req.url?.startsWith("/latch/")) return latch.nodeHandler(req, res);
    res.writeHead(200, { "content-type": "text/plain" }).end("the host app");
  });
  await new Promise<void>((resolve) => host.listen(0, "127.0.0.1", resolve));
  const { port } = host.address() as { port: number };
  base = `http://localhost:${port}`;
  latch = await createLatchServer({
    publicUrl: `${base}/latch`,
    allowedOrigins: ["http://localhost:5173"],
    secretKey: Buffer.alloc(32, 9).toString("base64"),
    apiKeys: [API_KEY],
    dataDir,
    smtpUrl: smtp.url,
    emailFrom: "Mount test <no-reply@mount.example>",
    derivationThreads: 1,
    logLevel: "silent",
  });
});

afterAll(async () => {
  await new Promise((resolve) => host?.close(resolve));
  await latch?.close();
  await smtp?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("createLatchServer mounted under /latch of a node:http server", () => {
  it("answers under the path, and the host app keeps its own routes", async () => {
    expect(latch.url).toBe(`${base}/latch`);
    expect(await (await fetch(`${base}/latch/ready`)).json()).toEqual({ ready: true });
    expect(await (await fetch(`${base}/elsewhere`)).text()).toBe("the host app");
    const frame = await fetch(`${base}/latch/frames/auth`);
    expect(frame.status).toBe(200);
    // The page names its script relative to itself, so the browser asks for /latch/frames/auth.js.
    expect(await frame.text()).toContain('<script src="auth.js"></script>');
    const script = await fetch(new URL("auth.js", `${base}/latch/frames/auth`));
    expect(script.status).toBe(200);
    expect(await script.text()).toContain("TURNKEY_INIT_MESSAGE_CHANNEL");
  });

  it("signs up by an email code sent over SMTP, and the session's stamp is accepted", async () => {
    const client = new EmulatorClient(`${base}/latch`);
    const email = `mounted-${Date.now()}@example.com`;
    const target = newTargetKey();
    expect((await client.post("signup", { email, targetPublicKey: target.publicKey })).status).toBe(401);
    const signup = await client.ok("signup", { email, targetPublicKey: target.publicKey }, auth);
    const mail = await smtp.waitFor((m) => m.to === email);
    const code = /Your code is (\d{6})/.exec(mail.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const answer = await client.ok("otp", { orgId: signup.orgId, otpId: signup.otpId, otpCode: code, targetPublicKey: target.publicKey }, auth);
    expect(answer.status).toBe("SUCCESS");
    const session = await sessionFromBundle(signup.orgId, answer.credentialBundle, target);
    const whoami = await client.post("whoami", { stampedRequest: whoamiRequest(session) }, auth);
    expect(whoami.status).toBe(200);
    expect(whoami.body).toMatchObject({ email, address: signup.address });
    expect(Object.values(whoami.body)).toContain(signup.orgId);
  });

  it("refuses a second listen after close, and close is idempotent", async () => {
    const otherDir = mkdtempSync(join(tmpdir(), "latch-mount-other-"));
    const other = await createLatchServer({
      publicUrl: "http://localhost:1/latch",
      allowedOrigins: ["http://localhost:5173"],
      secretKey: Buffer.alloc(32, 9).toString("base64"),
      apiKeys: [API_KEY],
      dataDir: otherDir,
      logLevel: "silent",
    });
    const { port } = await other.listen(0, "127.0.0.1");
    expect(await (await fetch(`http://127.0.0.1:${port}/latch/health`)).json()).toMatchObject({ ok: true });
    await other.close();
    await other.close();
    await expect(other.listen(0, "127.0.0.1")).rejects.toThrow(/closed/);
    rmSync(otherDir, { recursive: true, force: true });
  });

  it("reports every bad setting at once, naming the variable each one is", async () => {
    await expect(createLatchServer({ publicUrl: "ftp://x", allowedOrigins: [], apiKeys: ["short"] })).rejects.toThrow(
      /LATCH_PUBLIC_URL[^\n]*\nLATCH_ALLOWED_ORIGINS[^\n]*\nLATCH_SECRET_KEY[^\n]*\nLATCH_API_KEYS/,
    );
  });
});
