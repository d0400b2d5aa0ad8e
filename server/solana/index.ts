// A local Solana JSON-RPC endpoint over LiteSVM, for development and tests: the read and send
// methods the clients use, signature and slot subscriptions on the same port (ws://), and the
// fee-payer method of spec §7 (`alchemy_requestFeePayer`). Loopback only, CORS open.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { WebSocketServer, type WebSocket } from "ws";
import type { Address } from "@solana/kit";
import { LocalSolanaChain } from "./chain";
import { DEFAULT_SOLANA_POLICY_ID, FEE_PAYER_FUNDS, FEE_PAYER_METHOD, feePayerKey } from "./feePayer";
import { answer, stringify, RPC_METHODS, type JsonRpcRequest, type RpcContext } from "./rpc";

export { LocalSolanaChain, LAMPORTS_PER_SIGNATURE, MAX_PROCESSING_AGE } from "./chain";
export { DEFAULT_SOLANA_POLICY_ID, FEE_PAYER_METHOD, feePayerKey, POLICY_REFUSED } from "./feePayer";
export { LOCALNET_GENESIS_HASH, RPC_METHODS } from "./rpc";

export const DEFAULT_SOLANA_RPC_PORT = 8899;
/** 1,000 SOL: the most one airdrop may give. */
export const MAX_AIRDROP_LAMPORTS = 1_000_000_000_000n;
const MAX_BODY_BYTES = 5 * 1024 * 1024;
const LOOPBACKS = ["127.0.0.1", "::1"];

export interface SolanaRpcOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Sponsorship policies the fee payer accepts (default `["solana-sponsorship"]`). */
  policyIds?: string[];
  /** The fee payer's 32-byte ed25519 seed (default: a fixed key, the same on every start). */
  feePayerSecretKey?: Uint8Array;
  /** Logs each request (method, ms). */
  log?: boolean | ((line: string) => void);
}

export interface RunningSolanaRpc {
  /** `http://localhost:<port>`: a loopback URL, so the kit infers "localnet". */
  url: string;
  /** Subscriptions (signatureSubscribe, slotSubscribe) on the same port. */
  wsUrl: string;
  port: number;
  addresses: string[];
  /** The emulator's fee-payer address (funded with 1,000 SOL at start). */
  feePayer: Address;
  policyIds: string[];
  /** The chain, for tests in the same process. */
  chain: LocalSolanaChain;
  /** How long the start took (ms). */
  startMs: number;
  stop(): Promise<void>;
}

function allowCors(req: IncomingMessage, res: ServerResponse) {
  res.setHeader("access-control-allow-origin", "*");
  res.setHeader("access-control-allow-methods", "GET, POST, OPTIONS");
  // Any requested header: clients add their own (solana-client, Authorization, SDK versions).
  res.setHeader("access-control-allow-headers", req.headers["access-control-request-headers"] ?? "*");
  res.setHeader("access-control-max-age", "600");
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error("request body too large"));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

export async function startSolanaRpc(options: SolanaRpcOptions = {}): Promise<RunningSolanaRpc> {
  const started = performance.now();
  const chain = new LocalSolanaChain();
  const feePayer = feePayerKey(options.feePayerSecretKey);
  chain.airdrop(feePayer.address, FEE_PAYER_FUNDS);
  const policyIds = options.policyIds ?? [DEFAULT_SOLANA_POLICY_ID];
  const ctx: RpcContext = { chain, feePayer, policies: new Set(policyIds), maxAirdrop: MAX_AIRDROP_LAMPORTS };
  const log = options.log === true ? (line: string) => console.log(`[latch-solana] ${line}`) : options.log || undefined;

  const respond = (body: string): string => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return stringify({ jsonrpc: "2.0", error: { code: -32700, message: "Parse error" }, id: null });
    }
    if (Array.isArray(parsed)) {
      if (parsed.length === 0) return stringify({ jsonrpc: "2.0", error: { code: -32600, message: "Invalid request" }, id: null });
      return stringify(parsed.map((request) => answer(ctx, request as JsonRpcRequest)));
    }
    return stringify(answer(ctx, parsed as JsonRpcRequest));
  };

  const listener = async (req: IncomingMessage, res: ServerResponse) => {
    allowCors(req, res);
    if (req.method === "OPTIONS") {
      res.writeHead(204).end();
      return;
    }
    if (req.method === "GET") {
      if (req.url === "/health") res.writeHead(200, { "content-type": "text/plain" }).end("ok");
      else res.writeHead(405, { "content-type": "text/plain" }).end("POST a JSON-RPC request");
      return;
    }
    if (req.method !== "POST") {
      res.writeHead(405).end();
      return;
    }
    const began = performance.now();
    try {
      const body = await readBody(req);
      const out = respond(body);
      res.writeHead(200, { "content-type": "application/json" }).end(out);
      if (log) log(`${methodsOf(body)} ${(performance.now() - began).toFixed(1)}ms`);
    } catch (error) {
      res.writeHead(413, { "content-type": "application/json" }).end(stringify({ jsonrpc: "2.0", error: { code: -32600, message: (error as Error).message }, id: null }));
    }
  };

  // Subscriptions: signatureSubscribe (one notification, then done) and slotSubscribe.
  const wss = new WebSocketServer({ noServer: true });
  let nextSubscription = 1;
  wss.on("connection", (socket: WebSocket) => {
    const subscriptions = new Map<number, () => void>();
    const send = (message: unknown) => socket.readyState === socket.OPEN && socket.send(stringify(message));
    socket.on("message", (data) => {
      let request: JsonRpcRequest;
      try {
        request = JSON.parse(String(data)) as JsonRpcRequest;
      } catch {
        send({ jsonrpc: "2.0", error: { code: -32700, message: "Parse error" }, id: null });
        return;
      }
      const params = Array.isArray(request.params) ? request.params : [];
      const id = request.id ?? null;
      switch (request.method) {
        case "signatureSubscribe": {
          const signature = params[0];
          if (typeof signature !== "string") {
            send({ jsonrpc: "2.0", error: { code: -32602, message: "Invalid params: expected a signature" }, id });
            return;
          }
          const subscription = nextSubscription++;
          send({ jsonrpc: "2.0", result: subscription, id });
          const notify = (slot: bigint, err: unknown) => {
            send({ jsonrpc: "2.0", method: "signatureNotification", params: { result: { context: { slot }, value: { err } }, subscription } });
            subscriptions.get(subscription)?.();
            subscriptions.delete(subscription);
          };
          const known = chain.status(signature);
          if (known) {
            notify(known.slot, known.err);
            return;
          }
          subscriptions.set(
            subscription,
            chain.onLanded((event) => event.signature === signature && notify(event.slot, event.record.err)),
          );
          return;
        }
        case "slotSubscribe": {
          const subscription = nextSubscription++;
          send({ jsonrpc: "2.0", result: subscription, id });
          subscriptions.set(
            subscription,
            chain.onLanded(() =>
              send({
                jsonrpc: "2.0",
                method: "slotNotification",
                params: { result: { parent: chain.slot - 1n, root: chain.slot, slot: chain.slot }, subscription },
              }),
            ),
          );
          return;
        }
        case "signatureUnsubscribe":
        case "slotUnsubscribe": {
          const subscription = Number(params[0]);
          const stop = subscriptions.get(subscription);
          stop?.();
          subscriptions.delete(subscription);
          send({ jsonrpc: "2.0", result: stop !== undefined, id });
          return;
        }
        case "ping":
          send({ jsonrpc: "2.0", result: "pong", id });
          return;
        default:
          send({ jsonrpc: "2.0", error: { code: -32601, message: `Method not found: ${String(request.method)}` }, id });
      }
    });
    socket.on("close", () => {
      for (const stop of subscriptions.values()) stop();
      subscriptions.clear();
    });
  });

  const servers = await bindLoopbacks(listener, options.port ?? 0, (server) =>
    server.on("upgrade", (req, socket, head) => wss.handleUpgrade(req, socket, head, (ws) => wss.emit("connection", ws, req))),
  );
  const port = (servers[0]!.address() as AddressInfo).port;
  let stopping: Promise<void> | undefined;
  return {
    url: `http://localhost:${port}`,
    wsUrl: `ws://localhost:${port}`,
    port,
    addresses: servers.map((s) => (s.address() as AddressInfo).address),
    feePayer: feePayer.address,
    policyIds,
    chain,
    startMs: Math.round(performance.now() - started),
    stop() {
      stopping ??= (async () => {
        for (const client of wss.clients) client.terminate();
        wss.close();
        await Promise.all(servers.map(closeServer));
      })();
      return stopping;
    },
  };
}

function methodsOf(body: string): string {
  try {
    const parsed = JSON.parse(body) as JsonRpcRequest | JsonRpcRequest[];
    return (Array.isArray(parsed) ? parsed : [parsed]).map((r) => String(r.method)).join(",");
  } catch {
    return "(unparsable)";
  }
}

/** Listens on 127.0.0.1 and ::1 with one port (localhost may resolve to either). */
async function bindLoopbacks(
  listener: (req: IncomingMessage, res: ServerResponse) => void,
  port: number,
  prepare: (server: Server) => void,
): Promise<Server[]> {
  const bind = (p: number, host: string) =>
    new Promise<Server>((resolve, reject) => {
      const server = createServer(listener);
      prepare(server);
      server.once("error", reject);
      server.listen({ port: p, host, exclusive: true }, () => {
        server.off("error", reject);
        resolve(server);
      });
    });
  for (let attempt = 0; ; attempt++) {
    const v4 = await bind(port, LOOPBACKS[0]!);
    const chosen = (v4.address() as AddressInfo).port;
    try {
      return [v4, await bind(chosen, LOOPBACKS[1]!)];
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "EADDRNOTAVAIL" || code === "EAFNOSUPPORT") return [v4];
      await closeServer(v4);
      if (code !== "EADDRINUSE" || port !== 0 || attempt >= 5) throw error;
    }
  }
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/** What the endpoint answers, for docs and the CLI banner. */
export const SOLANA_RPC_METHODS = [...RPC_METHODS.filter((m) => m !== FEE_PAYER_METHOD), FEE_PAYER_METHOD];
