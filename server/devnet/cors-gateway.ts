// A loopback front for a devnet service that browsers can call: anvil answers CORS preflights
// only for `content-type`, so the kit's provider headers (Authorization, the SDK version) would be
// refused. The gateway answers preflights for any header and forwards everything else as is.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface CorsGateway {
  url: string;
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });

function allowCors(req: IncomingMessage, res: ServerResponse) {
  res.setHeader("access-control-allow-origin", "*");
  res.setHeader("access-control-allow-methods", "GET, POST, OPTIONS");
  res.setHeader("access-control-allow-headers", req.headers["access-control-request-headers"] ?? "*");
  res.setHeader("access-control-max-age", "600");
}

export async function startCorsGateway(port: number, target: string): Promise<CorsGateway> {
  const server = createServer(async (req, res) => {
    allowCors(req, res);
    if (req.method === "OPTIONS") {
      res.writeHead(204).end();
      return;
    }
    try {
      const body = req.method === "GET" || req.method === "HEAD" ? undefined : await readBody(req);
      const answer = await fetch(`${target}${req.url ?? "/"}`, {
        method: req.method ?? "POST",
        headers: { "content-type": req.headers["content-type"] ?? "application/json" },
        ...(body ? { body: new Uint8Array(body) } : {}),
      });
      res.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "application/json" });
      res.end(Buffer.from(await answer.arrayBuffer()));
    } catch (error) {
      res.writeHead(502, { "content-type": "application/json" }).end(JSON.stringify({ error: `gateway: ${(error as Error).message}` }));
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
