import { Hono } from "hono";
import type { ServerContext } from "../context";
import { clearMessages, listMessages } from "../store/messages";
import { inboxPage, indexPage } from "../dev/inboxPage";
import { badRequest } from "../errors";
import { DEV_APP_ISSUER_ID, devAppIssuer, mintDevAppJwt } from "../idp/app-issuer";

const MAX_CLAIM_LENGTH = 255;

/** Dev pages run no script, load nothing, and cannot be framed (clickjacking) or sniffed. */
const DEV_PAGE_HEADERS = {
  "Cache-Control": "no-store",
  "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; form-action 'none'; base-uri 'none'",
  "X-Frame-Options": "DENY",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
};

function optionalClaim(body: Record<string, unknown>, name: string): string | undefined {
  const value = body[name];
  if (value === undefined) return undefined;
  if (typeof value !== "string" || !value || value.length > MAX_CLAIM_LENGTH) throw badRequest("INVALID_REQUEST", `${name} must be a non-empty string of at most ${MAX_CLAIM_LENGTH} characters`);
  return value;
}

/** The dev inbox (page and JSON), the dev app issuer's token endpoint, and the index page. */
export function devRoutes(ctx: ServerContext): Hono {
  const app = new Hono();
  app.use("/dev/*", async (c, next) => {
    await next();
    c.res.headers.set("X-Content-Type-Options", "nosniff");
    c.res.headers.set("Cache-Control", "no-store");
  });
  app.get("/", (c) => c.html(indexPage(ctx.publicUrl), 200, DEV_PAGE_HEADERS));
  app.get("/dev/inbox", async (c) => c.html(inboxPage(await listMessages(ctx.db)), 200, DEV_PAGE_HEADERS));
  app.get("/dev/api/messages", async (c) => {
    // An unencoded "+" of a phone number arrives as a space.
    const to = c.req.query("to")?.replace(/^ (?=\d)/, "+").trim();
    return c.json(await listMessages(ctx.db, to ? to : undefined));
  });
  app.delete("/dev/api/messages", async (c) => {
    await clearMessages(ctx.db);
    return c.json({ ok: true });
  });
  // Custom-JWT sign-in without an auth of your own: a token of the dev app issuer (see idp/app-issuer.ts).
  app.post("/dev/api/jwt", async (c) => {
    const body: unknown = await c.req.json().catch(() => ({}));
    if (!body || typeof body !== "object" || Array.isArray(body)) throw badRequest("INVALID_REQUEST", "The body must be a JSON object");
    const claims = body as Record<string, unknown>;
    const sub = optionalClaim(claims, "sub") ?? `dev-user-${crypto.randomUUID()}`;
    const jwt = await mintDevAppJwt(ctx, {
      sub,
      email: optionalClaim(claims, "email"),
      name: optionalClaim(claims, "name"),
      nonce: optionalClaim(claims, "nonce"),
    });
    return c.json({ jwt, authProviderId: DEV_APP_ISSUER_ID, issuer: devAppIssuer(ctx.publicUrl) });
  });
  return app;
}
