import { Hono } from "hono";
import type { ServerContext } from "../context";
import { schemaIsCurrent, schemaState } from "../db/migrate";

/**
 * `/health`: the process answers. `/ready`: it can serve, its database reachable and on this server's
 * schema. Why it is not ready goes to `notReady` (the log), never to the caller (it would name the
 * database's address).
 */
export function healthRoutes(ctx: ServerContext, notReady: (detail: string) => void): Hono {
  const app = new Hono();
  app.get("/health", (c) => c.json({ ok: true }));
  app.get("/ready", async (c) => {
    try {
      if (!schemaIsCurrent(await schemaState(ctx.db, ctx.methods))) {
        return c.json({ ready: false, reason: "The database schema is not the one this server runs on" }, 503);
      }
      return c.json({ ready: true });
    } catch (error) {
      notReady(`The database does not answer: ${(error as Error).message}`);
      return c.json({ ready: false, reason: "The database does not answer" }, 503);
    }
  });
  return app;
}
