// Chain-agnostic methods: the chain-agnostic URL, retried on failure, then the node URL.
import {
  type EIP1193RequestFn,
  HttpRequestError,
  MethodNotFoundRpcError,
  TimeoutError,
  type Transport,
  createTransport,
} from "viem";

/** Retries of the chain-agnostic transport (count and delay). */
export const CHAIN_AGNOSTIC_RETRY = { retries: 2, delayMs: 250 } as const;

/** Options of {@link chainAgnostic}: the connection, used for whichever chain the client is on. */
export interface ChainAgnosticTransportConfig {
  primary: Transport;
  fallback: Transport;
  retries?: number;
  delayMs?: number;
}

/** Failures worth another try or the fallback: the endpoint is unreachable, slow, or does not know the method. */
function shouldFallBack(error: unknown): boolean {
  let current: unknown = error;
  while (current instanceof Error) {
    if (
      current instanceof HttpRequestError ||
      current instanceof TimeoutError ||
      current instanceof MethodNotFoundRpcError ||
      (current as { code?: unknown }).code === MethodNotFoundRpcError.code
    ) {
      return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** A transport that serves any chain through the Latch connection. */
export function chainAgnostic(config: ChainAgnosticTransportConfig): Transport {
  const retries = config.retries ?? CHAIN_AGNOSTIC_RETRY.retries;
  const delayMs = config.delayMs ?? CHAIN_AGNOSTIC_RETRY.delayMs;
  return (options) => {
    const primary = config.primary(options);
    const fallback = config.fallback(options);
    return createTransport({
      key: "chainAgnostic",
      name: "Chain-agnostic transport",
      type: "chainAgnostic",
      retryCount: 0,
      request: (async (args: { method: string; params?: unknown }) => {
        for (let attempt = 0; attempt <= retries; attempt++) {
          try {
            return await primary.request(args);
          } catch (error) {
            if (!shouldFallBack(error)) throw error;
            if (attempt < retries) await new Promise((resolve) => setTimeout(resolve, delayMs));
          }
        }
        return await fallback.request(args);
      }) as EIP1193RequestFn,
    });
  };
}
