// A transport that sends each method to the transport that claims it, and the rest to a fallback.
import { type EIP1193RequestFn, type Transport, createTransport } from "viem";
import { DuplicateTransportMethodError } from "../errors";

/** Methods that go to one transport. */
export interface SplitRoute {
  methods: readonly string[];
  transport: Transport;
}

/** Options of {@link split}: method routes, and the transport for the rest. */
export interface SplitTransportConfig {
  overrides: readonly SplitRoute[];
  fallback: Transport;
  /** This transport's own retries, on top of the routes' (default 0). */
  retryCount?: number;
}

/** Throws DuplicateTransportMethodError when two routes claim the same method. */
export function split(config: SplitTransportConfig): Transport {
  const owner = new Map<string, number>();
  config.overrides.forEach((route, index) => {
    for (const method of route.methods) {
      if (owner.has(method)) throw new DuplicateTransportMethodError(method);
      owner.set(method, index);
    }
  });

  return (options) => {
    const routes = config.overrides.map((route) => route.transport(options));
    const fallback = config.fallback(options);
    return createTransport({
      key: "split",
      name: "Split transport",
      type: "split",
      retryCount: config.retryCount ?? 0,
      request: (async ({ method, params }: { method: string; params?: unknown }) => {
        const index = owner.get(method);
        const target = index === undefined ? fallback : routes[index];
        return await target!.request({ method, params });
      }) as EIP1193RequestFn,
    });
  };
}
