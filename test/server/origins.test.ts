import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SDK_VERSION, SDK_VERSION_HEADER } from "../../core/constants";
import { createOriginPolicy } from "../../server/origins";
import { newTargetKey } from "./support/client";
import { encodeState, startSocialLogin } from "./support/oauth";
import { startTestServer, uniqueEmail, type TestServer } from "./support/emulator";

const APP = "https://app.example.com";
const EVIL = "https://evil.example";

let dev: TestServer;
let configured: TestServer;
beforeAll(async () => {
  [dev, configured] = await Promise.all([
    startTestServer(),
    startTestServer({ allowedOrigins: [APP], loopbackOrigins: false, emailMode: "magic-link" }),
  ]);
});
afterAll(() => Promise.all([dev?.emulator.stop(), configured?.emulator.stop()]));

const call = (t: TestServer, path: string, init: RequestInit & { origin?: string } = {}) =>
  fetch(`${t.emulator.url}${path}`, {
    ...init,
    headers: { "Content-Type": "application/json", [SDK_VERSION_HEADER]: SDK_VERSION, ...(init.origin ? { Origin: init.origin } : {}), ...init.headers },
  });

/** A raw request with a chosen Host header (fetch does not let one set it). */
function withHost(t: TestServer, host: string, path = "/health"): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port: t.emulator.port, path, headers: { Host: host } }, (res) => {
      let body = "";
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("origin allowlist (CORS)", () => {
  it("answers loopback app origins in the dev profile, echoing the origin (never *), and refuses others before any route runs", async () => {
    const ok = await call(dev, "/signer/v1/signer-config", { method: "POST", body: "{}", origin: "http://localhost:5173" });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("access-control-allow-origin")).toBe("http://localhost:5173");
    expect(ok.headers.get("access-control-expose-headers")).toContain("Retry-After");
    for (const origin of ["http://127.0.0.1:3000", "https://[::1]:8443"]) {
      expect((await call(dev, "/signer/v1/signer-config", { method: "POST", body: "{}", origin })).status).toBe(200);
    }

    const email = uniqueEmail("cors");
    for (const origin of [EVIL, "null", "http://localhost.evil.example", "http://localhost:5173.evil.example"]) {
      const refused = await call(dev, "/signer/v1/signup", { method: "POST", body: JSON.stringify({ email, targetPublicKey: newTargetKey().publicKey }), origin });
      expect(refused.status).toBe(403);
      expect(refused.headers.get("access-control-allow-origin")).toBeNull();
      expect(((await refused.json()) as { code: string }).code).toBe("ORIGIN_NOT_ALLOWED");
    }
    // Refused before the route ran: no account, no code sent.
    expect(await dev.client.messages(email)).toEqual([]);
  });

  it("keeps the dev inbox and dev JWT minting to loopback origins", async () => {
    expect((await call(dev, "/dev/api/messages", { origin: EVIL })).status).toBe(403);
    expect((await call(dev, "/dev/api/messages", { method: "DELETE", origin: EVIL })).status).toBe(403);
    expect((await call(dev, "/dev/api/jwt", { method: "POST", body: "{}", origin: EVIL })).status).toBe(403);
    expect((await call(dev, "/idp/google/jwks", { origin: EVIL })).status).toBe(403);
    const local = await call(dev, "/dev/api/messages", { origin: "http://localhost:5173" });
    expect(local.status).toBe(200);
    expect(local.headers.get("access-control-allow-origin")).toBe("http://localhost:5173");
  });

  it("answers preflights, Private Network Access included, for allowed origins only", async () => {
    const preflight = (origin: string) =>
      fetch(`${dev.emulator.url}/signer/v1/auth`, {
        method: "OPTIONS",
        headers: {
          Origin: origin,
          "Access-Control-Request-Method": "POST",
          "Access-Control-Request-Headers": "content-type,x-stamp",
          "Access-Control-Request-Private-Network": "true",
        },
      });
    const allowed = await preflight("http://localhost:5173");
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get("access-control-allow-origin")).toBe("http://localhost:5173");
    expect(allowed.headers.get("access-control-allow-private-network")).toBe("true");
    expect(allowed.headers.get("access-control-allow-headers")).toContain("X-Stamp");
    const refused = await preflight(EVIL);
    expect(refused.status).toBe(403);
    expect(refused.headers.get("access-control-allow-origin")).toBeNull();
    expect(refused.headers.get("access-control-allow-private-network")).toBeNull();
  });

  it("serves the configured origins, and no loopback origin when the profile says so", async () => {
    const ok = await call(configured, "/signer/v1/signer-config", { method: "POST", body: "{}", origin: APP });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("access-control-allow-origin")).toBe(APP);
    expect((await call(configured, "/signer/v1/signer-config", { method: "POST", body: "{}", origin: "http://localhost:5173" })).status).toBe(403);
  });

  it("refuses a configuration that names something other than an http(s) origin", () => {
    expect(() => createOriginPolicy({ allowedOrigins: ["javascript:alert(1)"], publicUrl: () => "" })).toThrow(/not an http\(s\) origin/);
    expect(() => createOriginPolicy({ allowedOrigins: ["app.example.com"], publicUrl: () => "" })).toThrow(/not an origin/);
    expect(createOriginPolicy({ allowedOrigins: ["https://app.example.com/some/path"], publicUrl: () => "" }).configured).toEqual([APP]);
  });
});

describe("Host check (DNS rebinding)", () => {
  it("answers loopback host names only in the dev profile", async () => {
    for (const host of [`localhost:${dev.emulator.port}`, `127.0.0.1:${dev.emulator.port}`, `[::1]:${dev.emulator.port}`, "localhost"]) {
      expect((await withHost(dev, host)).status, host).toBe(200);
    }
    for (const host of [`evil.example:${dev.emulator.port}`, "rebind.evil.example", `localhost.evil.example:${dev.emulator.port}`]) {
      const answer = await withHost(dev, host, "/dev/api/messages");
      expect(answer.status, host).toBe(403);
      expect(answer.body).toContain("HOST_NOT_ALLOWED");
    }
  });
});

describe("magic links point at app origins only", () => {
  it("refuses a link to an origin that is not an app origin, and points at a configured one", async () => {
    const email = uniqueEmail("link");
    const refused = await call(configured, "/signer/v1/signup", {
      method: "POST",
      origin: EVIL,
      body: JSON.stringify({ email, targetPublicKey: newTargetKey().publicKey, emailMode: "magicLink" }),
    });
    expect(refused.status).toBe(403);
    expect(await configured.client.messages(email)).toEqual([]);

    const ok = await call(configured, "/signer/v1/signup", {
      method: "POST",
      origin: APP,
      body: JSON.stringify({ email, targetPublicKey: newTargetKey().publicKey, emailMode: "magicLink" }),
    });
    expect(ok.status).toBe(200);
    const [message] = await configured.client.messages(email);
    expect(new URL(message.link).origin).toBe(APP);
  });
});

describe("social sign-in return targets", () => {
  it("sends results only to app origins", async () => {
    const { state } = await startSocialLogin(configured.client);
    for (const target of [{ openerOrigin: "http://localhost:5173" }, { openerOrigin: EVIL }, { redirectUrl: "http://127.0.0.1:9/x" }]) {
      const page = await fetch(`${configured.emulator.url}/callback?code=x&state=${encodeState({ ...state, openerOrigin: undefined, ...target })}`);
      expect(page.status).toBe(400);
      expect(await page.text()).toContain("is not an allowed app address");
    }
  });
});

describe("frames and dev pages", () => {
  it("lets only the app origins embed the frames", async () => {
    for (const path of ["/frames/auth", "/frames/export"]) {
      const csp = (await call(configured, path)).headers.get("content-security-policy")!;
      expect(csp).toMatch(/frame-ancestors 'self' https:\/\/app\.example\.com(;|$)/);
      const devCsp = (await call(dev, path)).headers.get("content-security-policy")!;
      expect(devCsp).not.toContain("frame-ancestors *");
      expect(devCsp).toContain("http://localhost:*");
    }
  });

  it("serves the dev pages with a CSP, no framing and nosniff", async () => {
    for (const path of ["/", "/dev/inbox", "/dev/api/messages"]) {
      const answer = await call(dev, path);
      expect(answer.headers.get("x-content-type-options"), path).toBe("nosniff");
      if (path !== "/dev/api/messages") {
        expect(answer.headers.get("x-frame-options"), path).toBe("DENY");
        expect(answer.headers.get("content-security-policy"), path).toContain("frame-ancestors 'none'");
      }
    }
  });
});
