import { Hono } from "hono";
import { authFrameBundle } from "../frames/bundle";
import { AUTH_FRAME_HTML, EXPORT_FRAME_HTML } from "../frames/pages";

/** Frames may be embedded by any app (frame-ancestors *) but load nothing but their own script. */
const FRAME_HEADERS = {
  "Cache-Control": "no-store",
  "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; frame-ancestors *",
  "Referrer-Policy": "no-referrer",
  "X-Content-Type-Options": "nosniff",
};

export function frameRoutes(): Hono {
  const app = new Hono();
  app.get("/auth", (c) => c.html(AUTH_FRAME_HTML, 200, FRAME_HEADERS));
  app.get("/auth.js", async (c) =>
    c.body(await authFrameBundle(), 200, { ...FRAME_HEADERS, "Content-Type": "text/javascript; charset=utf-8" }),
  );
  app.get("/export", (c) => c.html(EXPORT_FRAME_HTML, 200, FRAME_HEADERS));
  return app;
}
