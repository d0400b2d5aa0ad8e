// The load generator the server benchmarks share: concurrent loops over numbered requests, latencies and
// their percentiles, and a keep-alive HTTP client lighter than fetch (it runs on the same 2 cores as the
// servers it measures, so every microsecond it spends is one the server does not get).
import { Agent, request } from "node:http";

export interface Figures {
  requests: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

/** Runs `count` requests from `concurrency` loops; `send(i)` answers whether the i-th succeeded. */
export async function measure(count: number, concurrency: number, send: (i: number) => Promise<boolean>): Promise<Figures> {
  const latencies: number[] = [];
  let next = 0;
  let errors = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        const t = performance.now();
        if (!(await send(i).catch(() => false))) errors++;
        latencies.push(performance.now() - t);
      }
    }),
  );
  return summarize(latencies, performance.now() - t0, errors);
}

function summarize(latencies: number[], wallMs: number, errors: number): Figures {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { requests: sorted.length, perSecond: Math.round((sorted.length / wallMs) * 1000), p50Ms: round(at(0.5)), p99Ms: round(at(0.99)), errors };
}

export const round = (x: number) => Math.round(x * 100) / 100;

/** POSTs JSON over kept-alive connections (one agent per generator) and answers the status once the body is read. */
export function jsonPoster(maxSockets = 64): (url: string, body: string, headers?: Record<string, string>) => Promise<number> {
  const send = jsonClient(maxSockets);
  return async (url, body, headers) => (await send(url, body, headers, false)).status;
}

/** The same client answering the status and the parsed body (GET when `body` is undefined). */
export function jsonClient(maxSockets = 64) {
  const agent = new Agent({ keepAlive: true, maxSockets });
  const send = (url: string, body?: string, headers: Record<string, string> = {}, parse = true, retried = false): Promise<{ status: number; body: unknown }> =>
    new Promise((resolve, reject) => {
      const sent = body === undefined ? {} : { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) };
      const outgoing = request(url, { method: body === undefined ? "GET" : "POST", agent, headers: { ...sent, ...headers } }, (answer) => {
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => parse && chunks.push(chunk));
        answer.on("end", () => {
          try {
            resolve({ status: answer.statusCode ?? 0, body: parse && chunks.length ? JSON.parse(Buffer.concat(chunks).toString()) : undefined });
          } catch (error) {
            reject(error);
          }
        });
        answer.on("error", reject);
      });
      outgoing.on("error", (error: NodeJS.ErrnoException) => {
        // A kept-alive socket the server closed while it sat idle (its keep-alive timeout, 5 s: alternating
        // rounds on a busy machine leave sockets idle that long) fails on reuse: send again on a fresh one, once.
        if (!retried && outgoing.reusedSocket && error.code === "ECONNRESET") resolve(send(url, body, headers, parse, true));
        else reject(error);
      });
      outgoing.end(body);
    });
  return (url: string, body?: string, headers: Record<string, string> = {}, parse = true) => send(url, body, headers, parse);
}
