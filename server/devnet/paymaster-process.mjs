// The devnet paymaster, as its own process: Pimlico's mock paymaster on an internal loopback port, behind a
// small gate on the public port that enforces sponsorship policies (the kit sends `policyId` in the paymaster
// context) and answers CORS for the playground. Plain JavaScript so it runs on Node without a TypeScript loader.
// Usage: node paymaster-process.mjs '<json options>'; prints one line `{"ready":true}` when serving.
import { createServer } from "node:http";

// The mock paymaster (through prool) needs Promise.withResolvers (Node >= 22); polyfill it for Node 20.
if (typeof Promise.withResolvers !== "function") {
  Promise.withResolvers = function withResolvers() {
    let resolve;
    let reject;
    const promise = new this((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  };
}

const options = JSON.parse(process.argv[2] ?? "{}");
const { anvilRpc, altoRpc, port, internalPort, policies, log } = options;

// Methods that ask for sponsorship, and where their paymaster context sits in `params`.
const CONTEXT_INDEX = { pm_getPaymasterStubData: 3, pm_getPaymasterData: 3, pm_sponsorUserOperation: 2 };

/** null when the request may go on, else the JSON-RPC error to answer with. */
function policyError(request) {
  if (!Array.isArray(policies)) return null;
  const index = CONTEXT_INDEX[request?.method];
  if (index === undefined) return null;
  const context = Array.isArray(request.params) ? request.params[index] : undefined;
  const policyId = context && typeof context === "object" ? context.policyId : undefined;
  if (typeof policyId !== "string" || policyId === "") {
    return { code: -32602, message: "A sponsorship policy (policyId) is required" };
  }
  if (!policies.includes(policyId)) return { code: -32602, message: `Unknown sponsorship policy: ${policyId}` };
  return null;
}

// "*" does not cover Authorization in CORS: echo the headers the browser asks for (the kit sends a Bearer token
// and its SDK version header).
function cors(request) {
  return {
    "access-control-allow-origin": "*",
    "access-control-allow-methods": "POST, GET, OPTIONS",
    "access-control-allow-headers": request.headers["access-control-request-headers"] ?? "*",
  };
}

async function readBody(request) {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  return Buffer.concat(chunks).toString("utf8");
}

async function forward(body) {
  const response = await fetch(`http://127.0.0.1:${internalPort}/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return await response.json();
}

async function handle(body) {
  const error = policyError(body);
  if (error) {
    if (log) process.stderr.write(`refused ${body.method}: ${error.message}\n`);
    return { jsonrpc: "2.0", id: body.id ?? null, error };
  }
  return await forward(body);
}

const gate = createServer(async (request, response) => {
  if (request.method === "OPTIONS") {
    response.writeHead(204, cors(request)).end();
    return;
  }
  if (request.method === "GET" && request.url === "/ping") {
    response.writeHead(200, { ...cors(request), "content-type": "application/json" }).end('{"message":"pong"}');
    return;
  }
  try {
    const parsed = JSON.parse(await readBody(request));
    const answer = Array.isArray(parsed) ? await Promise.all(parsed.map(handle)) : await handle(parsed);
    response.writeHead(200, { ...cors(request), "content-type": "application/json" }).end(JSON.stringify(answer));
  } catch (error) {
    response
      .writeHead(200, { ...cors(request), "content-type": "application/json" })
      .end(JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32700, message: String(error?.message ?? error) } }));
  }
});

// The mock logs every failed request with console.log; keep that out of the devnet's output unless asked.
if (!log) console.log = () => {};

const { paymaster } = await import("@pimlico/mock-paymaster");
const instance = paymaster({ anvilRpc, altoRpc, port: internalPort, host: "127.0.0.1" });
await instance.start();
await new Promise((resolve, reject) => {
  gate.once("error", reject);
  gate.listen(port, "127.0.0.1", resolve);
});

async function shutdown() {
  gate.close();
  await instance.stop().catch(() => {});
  process.exit(0);
}
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
// The parent holds our stdin: when it goes away (even killed), so do we.
process.stdin.on("end", shutdown);
process.stdin.on("close", shutdown);
process.stdin.resume();

process.stdout.write(`${JSON.stringify({ ready: true })}\n`);
