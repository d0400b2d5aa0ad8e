import { Hono } from "hono";
import type { EmulatorContext } from "../context";
import { clearMessages, listMessages } from "../store/messages";
import { inboxPage, indexPage } from "../dev/inboxPage";

/** The dev inbox (page and JSON), the index page and the health check. */
export function devRoutes(ctx: EmulatorContext): Hono {
  const app = new Hono();
  app.get("/", (c) => c.html(indexPage(ctx.publicUrl)));
  app.get("/health", (c) => c.json({ ok: true }));
  app.get("/dev/inbox", async (c) => c.html(inboxPage(await listMessages(ctx.db)), 200, { "Cache-Control": "no-store" }));
  app.get("/dev/api/messages", async (c) => {
    // An unencoded "+" of a phone number arrives as a space.
    const to = c.req.query("to")?.replace(/^ (?=\d)/, "+").trim();
    return c.json(await listMessages(ctx.db, to ? to : undefined));
  });
  app.delete("/dev/api/messages", async (c) => {
    await clearMessages(ctx.db);
    return c.json({ ok: true });
  });
  return app;
}
