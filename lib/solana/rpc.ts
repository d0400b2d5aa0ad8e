// A small JSON-RPC caller for the few methods the transaction paths need (latest blockhash, send,
// statuses, block height): the full @solana/kit RPC client (~17 KB gzip) ships only with
// `useSolanaConnection` / `getSolanaConnection`.
import type { SolanaEndpoint } from "./endpoint";

/** A JSON-RPC error answer from the Solana endpoint: its code, message and data (logs, err). */
export class SolanaRpcError extends Error {
  override readonly name = "SolanaRpcError" as const;
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/** One request per HTTP exchange, so the id only has to be present; random rather than a module-level counter. */
export const randomRequestId = (): number => Math.floor(Math.random() * 2 ** 31);

/** One Solana JSON-RPC call; an RPC error becomes a readable error. */
export async function solanaRpcRequest<T>(
  endpoint: Pick<SolanaEndpoint, "rpcUrl" | "headers">,
  method: string,
  params: unknown[],
  fetchFn: typeof fetch = fetch,
  signal?: AbortSignal,
): Promise<T> {
  const response = await fetchFn(endpoint.rpcUrl, {
    method: "POST",
    ...(signal ? { signal } : {}),
    headers: { "content-type": "application/json", ...endpoint.headers },
    body: JSON.stringify({ jsonrpc: "2.0", id: randomRequestId(), method, params }),
  });
  if (!response.ok) throw new SolanaRpcError(response.status, `${method} failed (HTTP ${response.status}): ${await response.text()}`);
  const answer = (await response.json()) as { result?: T; error?: { code: number; message: string; data?: unknown } };
  if (answer.error) {
    // The simulation's logs are detail for developers: in `data` and the cause, not in the message.
    const logs = (answer.error.data as { logs?: string[] } | undefined)?.logs;
    const error = new SolanaRpcError(answer.error.code, answer.error.message, answer.error.data);
    if (logs?.length) error.cause = new Error(logs.join("\n"));
    throw error;
  }
  return answer.result as T;
}
