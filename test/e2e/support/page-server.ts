import { createServer, type Server } from "node:http";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import type { AddressInfo } from "node:net";

const root = fileURLToPath(new URL("../../../", import.meta.url));

export interface PageServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Bundles test pages (`pagesDir`, default test/e2e/pages) with esbuild (tsconfig paths resolve `latch-kit`) and serves them on
 * localhost: `/<name>` is the page whose entry is `pages/<name>.tsx`. `nodePaths`: where else packages resolve from
 * (a test package installed outside the repo).
 */
export async function startPageServer(pages: string[], pagesDir = new URL("../pages/", import.meta.url), options: { nodePaths?: string[] } = {}): Promise<PageServer> {
  const bundles = new Map<string, string>();
  for (const name of pages) {
    const result = await build({
      entryPoints: [fileURLToPath(new URL(`${name}.tsx`, pagesDir))],
      absWorkingDir: root,
      bundle: true,
      format: "esm",
      jsx: "automatic",
      target: "es2022",
      write: false,
      define: { "process.env.NODE_ENV": '"development"' },
      logLevel: "error",
      ...(options.nodePaths ? { nodePaths: options.nodePaths } : {}),
    });
    bundles.set(name, result.outputFiles[0]!.text);
  }
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    const js = path.match(/^\/([\w-]+)\.js$/);
    if (js && bundles.has(js[1]!)) {
      res.writeHead(200, { "content-type": "text/javascript" }).end(bundles.get(js[1]!));
      return;
    }
    const name = path.slice(1);
    if (bundles.has(name)) {
      res
        .writeHead(200, { "content-type": "text/html" })
        .end(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${name}</title><link rel="icon" href="data:,"></head><body><div id="root"></div><script type="module" src="/${name}.js"></script></body></html>`,
        );
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "localhost", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
