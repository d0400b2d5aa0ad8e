import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./support/emulator";

// The auth frame's sealed key (server/routes/frameKey.ts): for frames whose browser blocks storage.
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.emulator.stop());

const jwk = { kty: "EC", crv: "P-256", d: "d".repeat(43), x: "x".repeat(43), y: "y".repeat(43) };

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const host = new URL(t.emulator.url).host;
  return fetch(`${t.emulator.url}/frames/auth/key/${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: `http://${host}`, "Sec-Fetch-Site": "same-origin", ...headers },
    body: JSON.stringify(body),
  });
}

describe("the auth frame's sealed key", () => {
  it("seals a key for the frame's own origin and opens it again, unchanged", async () => {
    const expiry = Date.now() + 60_000;
    const sealed = await post("seal", { jwk, expiry });
    expect(sealed.status).toBe(200);
    const { sealed: blob } = (await sealed.json()) as { sealed: string };
    expect(blob).not.toContain("d".repeat(10));
    const opened = await post("open", { sealed: blob });
    expect(opened.status).toBe(200);
    expect(opened.headers.get("cache-control")).toBe("no-store");
    expect(await opened.json()).toEqual({ jwk, expiry });
  });

  it("refuses anyone but the frame's own origin: another origin, no origin, a cross-site fetch", async () => {
    const { sealed } = (await (await post("seal", { jwk, expiry: Date.now() + 60_000 })).json()) as { sealed: string };
    const refused: Record<string, string>[] = [{ Origin: "http://localhost:1" }, { Origin: "" }, { "Sec-Fetch-Site": "cross-site" }];
    for (const headers of refused) {
      const answer = await post("open", { sealed }, headers);
      expect(answer.status).toBe(403);
      // An empty Origin is no origin at all: the origin guard refuses it before the route does.
      expect(["FRAME_ONLY", "ORIGIN_NOT_ALLOWED"]).toContain(((await answer.json()) as { code: string }).code);
    }
  });

  it("refuses a tampered or foreign sealed key, an expired one, and a key that is not a P-256 private key", async () => {
    const { sealed } = (await (await post("seal", { jwk, expiry: Date.now() + 60_000 })).json()) as { sealed: string };
    const tampered = sealed.slice(0, -2) + (sealed.endsWith("AA") ? "BB" : "AA");
    expect(((await (await post("open", { sealed: tampered })).json()) as { code: string }).code).toBe("INVALID_SEALED_KEY");
    expect((await post("open", { sealed: "not base64url!" })).status).toBe(400);
    expect((await post("seal", { jwk, expiry: Date.now() - 1 })).status).toBe(400);
    expect((await post("seal", { jwk, expiry: Date.now() + 365 * 24 * 3600_000 })).status).toBe(400);
    expect((await post("seal", { jwk: { ...jwk, crv: "P-384" }, expiry: Date.now() + 60_000 })).status).toBe(400);
    expect((await post("open", { sealed: "A".repeat(5000) })).status).toBe(400);
  });
});
