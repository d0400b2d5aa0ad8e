import { Hono } from "hono";
import type { EmulatorContext } from "../context";
import { exportSigningKey } from "../crypto/exportBundle";
import { authFrameBundle, exportFrameBundle } from "../frames/bundle";
import { AUTH_FRAME_HTML, exportFrameHtml } from "../frames/pages";
import { frameKeyRoutes } from "./frameKey";

/** Frames may be embedded by any app (frame-ancestors *) but load nothing but their own script. */
const FRAME_HEADERS = {
  "Cache-Control": "no-store",
  "Content-Security-Policy": "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'unsafe-inline'; frame-ancestors *",
  "Referrer-Policy": "no-referrer",
  "X-Content-Type-Options": "nosniff",
};

export function frameRoutes(ctx: EmulatorContext): Hono {
  const app = new Hono();
  app.get("/auth", (c) => c.html(AUTH_FRAME_HTML, 200, FRAME_HEADERS));
  app.route("/auth/key", frameKeyRoutes(ctx));
  app.get("/auth.js", async (c) =>
    c.body(await authFrameBundle(), 200, { ...FRAME_HEADERS, "Content-Type": "text/javascript; charset=utf-8" }),
  );
  // The page carries the emulator's export-signing key: the frame checks bundles against it only.
  app.get("/export", (c) => c.html(exportFrameHtml(exportSigningKey(ctx.secrets).publicKeyHex), 200, FRAME_HEADERS));
  app.get("/export.js", async (c) =>
    c.body(await exportFrameBundle(), 200, { ...FRAME_HEADERS, "Content-Type": "text/javascript; charset=utf-8" }),
  );
  return app;
}
