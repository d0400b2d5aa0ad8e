import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { listen, type Listening } from "../../../server/server";

const root = fileURLToPath(new URL("../../../", import.meta.url));

/**
 * A bare page on localhost (both loopbacks) that exposes @turnkey/iframe-stamper as
 * `window.IframeStamper`, bundled with esbuild: the hosted kit's own frame client, unchanged.
 */
export async function startStamperPage(): Promise<{ url: string; close(): Promise<void> }> {
  const bundle = await build({
    stdin: { contents: 'import { IframeStamper } from "@turnkey/iframe-stamper"; window.IframeStamper = IframeStamper;', resolveDir: root },
    bundle: true,
    format: "iife",
    target: "es2022",
    write: false,
    logLevel: "error",
  });
  const script = bundle.outputFiles[0]!.text;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>stamper</title><link rel="icon" href="data:,"></head>
<body><div id="frame-container"></div><script src="/stamper.js"></script></body></html>`;
  const server: Listening = await listen((req, res) => {
    if (req.url === "/stamper.js") res.writeHead(200, { "content-type": "text/javascript" }).end(script);
    else if (req.url === "/") res.writeHead(200, { "content-type": "text/html" }).end(html);
    else res.writeHead(404).end();
  }, 0);
  return { url: `http://localhost:${server.port}/`, close: () => server.close() };
}
