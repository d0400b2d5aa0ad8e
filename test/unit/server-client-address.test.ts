import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { clientAddress, forwardedClient, trustedProxyClients } from "../../server/middleware/client";

/** A Hono app answering the client address it sees, its socket peer given as node-server's `incoming`. */
function appSeeing(trusted: string[]) {
  const app = new Hono();
  app.use(trustedProxyClients(trusted));
  app.get("/", (c) => c.text(clientAddress(c)));
  return async (peer: string, forwardedFor?: string) => {
    const incoming = { socket: { remoteAddress: peer, remotePort: 1, remoteFamily: "IPv4" } };
    const answer = await app.request("/", { headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {} }, { incoming });
    return answer.text();
  };
}

describe("the client address behind reverse proxies", () => {
  it("is the socket's peer when no proxy is trusted, whatever X-Forwarded-For claims", async () => {
    const seen = appSeeing([]);
    expect(await seen("203.0.113.9", "198.51.100.1")).toBe("203.0.113.9");
  });

  it("is the forwarded address when the peer is a trusted proxy", async () => {
    const seen = appSeeing(["10.0.0.2"]);
    expect(await seen("10.0.0.2", "198.51.100.7")).toBe("198.51.100.7");
    expect(await seen("::ffff:10.0.0.2", "198.51.100.7")).toBe("198.51.100.7");
  });

  it("ignores X-Forwarded-For from an untrusted peer: a client cannot pick a fresh guess budget", async () => {
    const seen = appSeeing(["10.0.0.2"]);
    expect(await seen("203.0.113.9", "198.51.100.7")).toBe("203.0.113.9");
  });

  it("takes the right-most hop that is not a trusted proxy (the left ones are the client's own claims)", () => {
    const trusted = new Set(["10.0.0.2", "10.0.0.3"]);
    expect(forwardedClient("1.2.3.4, 198.51.100.7, 10.0.0.3", trusted)).toBe("198.51.100.7");
    expect(forwardedClient("10.0.0.3", trusted)).toBeUndefined();
    expect(forwardedClient("not-an-ip, 198.51.100.7", trusted)).toBe("198.51.100.7");
    expect(forwardedClient("198.51.100.7, garbage", trusted)).toBeUndefined();
    expect(forwardedClient(undefined, trusted)).toBeUndefined();
  });

  it("keeps the proxy's own address when its header names no client", async () => {
    const seen = appSeeing(["10.0.0.2"]);
    expect(await seen("10.0.0.2")).toBe("10.0.0.2");
  });
});
