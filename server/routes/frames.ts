import { Hono } from "hono";
import type { ServerContext } from "../context";
import type { OriginPolicy } from "../origins";
import { exportSigningKey } from "../crypto/exportBundle";
import { authFrameBundle, exportFrameBundle, importFrameBundle } from "../frames/bundle";
import { authFrameHtml, exportFrameHtml, importFrameHtml } from "../frames/pages";
import { custodyTargetKey } from "../custody/authShare";

/** Frames may be embedded by the app origins only (frame-ancestors) and load nothing but their own script. */
function frameHeaders(ctx: ServerContext): Record<string, string> {
  return {
    "Cache-Control": "no-store",
    "Content-Security-Policy": `default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'unsafe-inline'; frame-ancestors ${frameAncestors(ctx.origins)}`,
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
  };
}

/**
 * CSP source list of the app origins. Loopback (dev profile): localhost and 127.0.0.1 on any port;
 * CSP has no syntax for an IPv6 literal, so an app on http://[::1] cannot embed the frames.
 */
export function frameAncestors(origins: OriginPolicy): string {
  const loopback = origins.loopback ? ["http://localhost:*", "https://localhost:*", "http://127.0.0.1:*", "https://127.0.0.1:*"] : [];
  return ["'self'", ...origins.configured, ...loopback].join(" ");
}

export function frameRoutes(ctx: ServerContext): Hono {
  const app = new Hono();
  const FRAME_HEADERS = frameHeaders(ctx);
  // The page carries the server's custody key: split custody's uploads are sealed to it only.
  app.get("/auth", (c) => c.html(authFrameHtml(custodyTargetKey(ctx.secrets).publicKeyHex), 200, FRAME_HEADERS));
  app.get("/auth.js", async (c) =>
    c.body(await authFrameBundle(), 200, { ...FRAME_HEADERS, "Content-Type": "text/javascript; charset=utf-8" }),
  );
  // The page carries the emulator's export-signing key: the frame checks bundles against it only.
  app.get("/export", (c) => c.html(exportFrameHtml(exportSigningKey(ctx.secrets).publicKeyHex), 200, FRAME_HEADERS));
  app.get("/export.js", async (c) =>
    c.body(await exportFrameBundle(), 200, { ...FRAME_HEADERS, "Content-Type": "text/javascript; charset=utf-8" }),
  );
  // The import frame checks import bundles against the same key; the phrase is typed into it.
  app.get("/import", (c) => c.html(importFrameHtml(exportSigningKey(ctx.secrets).publicKeyHex), 200, FRAME_HEADERS));
  app.get("/import.js", async (c) =>
    c.body(await importFrameBundle(), 200, { ...FRAME_HEADERS, "Content-Type": "text/javascript; charset=utf-8" }),
  );
  return app;
}
