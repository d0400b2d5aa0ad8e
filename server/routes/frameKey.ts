import { type } from "arktype";
import { Hono, type Context } from "hono";
import { base64urlnopad } from "@scure/base";
import type { ServerContext } from "../context";
import { badRequest, forbidden } from "../errors";
import { readBody } from "../validate";

/**
 * Seals and opens the auth frame's embedded key for a frame whose browser blocks its storage
 * (frames/frameKeyStore.client.ts). Only the frame itself may ask: a same-origin request from a
 * page of this host. The sealed copy is useless without this server, and this server opens it
 * only for its own frame pages.
 */
const SEAL_CONTEXT = "auth-frame-embedded-key";
/** The longest key lifetime a frame may ask for (the frame's default is 48 h). */
const MAX_KEY_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

const p256PrivateJwk = type({ kty: "'EC'", crv: "'P-256'", d: "string <= 64", x: "string <= 64", y: "string <= 64", "+": "delete" });
const sealRequest = type({ jwk: p256PrivateJwk, expiry: "number.integer > 0", "+": "delete" });
const openRequest = type({ sealed: "0 < string <= 2048" });

function refuseUnlessOwnFrame(c: Context): void {
  const origin = c.req.header("Origin");
  const site = c.req.header("Sec-Fetch-Site");
  const host = c.req.header("Host");
  const ownOrigin = host ? [`http://${host}`, `https://${host}`] : [];
  if (!origin || !ownOrigin.includes(origin) || (site !== undefined && site !== "same-origin")) {
    throw forbidden("FRAME_ONLY", "Only this server's auth frame may seal or open its key");
  }
}

export function frameKeyRoutes(ctx: ServerContext): Hono {
  const app = new Hono();
  app.post("/seal", async (c) => {
    refuseUnlessOwnFrame(c);
    const { jwk, expiry } = await readBody(c, sealRequest);
    if (expiry <= Date.now() || expiry > Date.now() + MAX_KEY_LIFETIME_MS) {
      throw badRequest("INVALID_EXPIRY", "expiry must lie in the future, at most 30 days ahead");
    }
    const plaintext = new TextEncoder().encode(JSON.stringify({ jwk, expiry }));
    return c.json({ sealed: base64urlnopad.encode(ctx.secrets.seal("frame-key", plaintext, SEAL_CONTEXT)) });
  });
  app.post("/open", async (c) => {
    refuseUnlessOwnFrame(c);
    const { sealed } = await readBody(c, openRequest);
    let key: { jwk: unknown; expiry: number };
    try {
      key = JSON.parse(new TextDecoder().decode(ctx.secrets.open("frame-key", base64urlnopad.decode(sealed), SEAL_CONTEXT)));
    } catch {
      throw badRequest("INVALID_SEALED_KEY", "The sealed key was not sealed by this server");
    }
    if (!(key.expiry > Date.now())) throw badRequest("EXPIRED_SEALED_KEY", "The sealed key has expired");
    return c.json(key, 200, { "Cache-Control": "no-store" });
  });
  return app;
}
