import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./support/emulator";

// The auth frame's key, for frames whose browser blocks storage, is sealed in the browser
// (server/frames/browserSealed.client.ts; end to end: test/e2e/cross-site-frames.test.ts). The server
// has nothing that opens it, so a client that forges the server's own Origin gets nothing.
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.emulator.stop());

const jwk = { kty: "EC", crv: "P-256", d: "d".repeat(43), x: "x".repeat(43), y: "y".repeat(43) };

function post(path: string, body: unknown) {
  const host = new URL(t.emulator.url).host;
  return fetch(`${t.emulator.url}/frames/auth/key/${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: `http://${host}`, "Sec-Fetch-Site": "same-origin" },
    body: JSON.stringify(body),
  });
}

describe("the auth frame's sealed key", () => {
  it("has no server route that seals or opens it, even for a request with the server's own Origin", async () => {
    const sealed = await post("seal", { jwk, expiry: Date.now() + 60_000 });
    expect(sealed.status).toBe(404);
    const opened = await post("open", { sealed: "A".repeat(100) });
    expect(opened.status).toBe(404);
    expect(await opened.text()).not.toContain("jwk");
  });

  it("the frame's script seals in the browser and never calls the server for its key", async () => {
    const script = await (await fetch(`${t.emulator.url}/frames/auth.js`)).text();
    expect(script).not.toContain("/frames/auth/key");
    expect(script).toContain("latch-frame-copy");
  });
});
