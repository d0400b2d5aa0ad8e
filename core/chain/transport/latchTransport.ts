// The provider transport: JSON-RPC over HTTP with the Bearer credential and the SDK version header,
// each method sent to the endpoint that serves it.
import { type HttpTransportConfig, type Transport, http } from "viem";
import { SDK_VERSION, SDK_VERSION_HEADER } from "../../constants";
import { bundlerRpcUrl, paymasterRpcUrl, providerRpcUrl } from "../chains";
import { ChainNotSuppliedError, ProviderRpcUrlError } from "../errors";
import { chainAgnostic } from "./chainAgnostic";
import { type ConnectionConfig, bearerCredential, validateConnectionConfig } from "./connection";
import { BUNDLER_METHODS, PAYMASTER_METHODS, WALLET_METHODS } from "./methods";
import { split } from "./split";

/** Options of {@link latchTransport}: the connection, and optional retries. */
export interface LatchTransportConfig extends ConnectionConfig {
  /** Where user-operation methods go; default `chain.rpcUrls.bundler`, else the node URL. */
  bundlerUrl?: string;
  /** Where paymaster methods go; default `chain.rpcUrls.paymaster`, else the node URL. */
  paymasterUrl?: string;
  /** Retries of each HTTP call (0). */
  retryCount?: number;
  retryDelay?: number;
  timeout?: number;
  fetchOptions?: HttpTransportConfig["fetchOptions"];
  /** Replaces fetch (tests, custom agents). */
  fetchFn?: HttpTransportConfig["fetchFn"];
  /** Retries of the chain-agnostic URL before falling back to the node URL. */
  chainAgnosticRetry?: { retries?: number; delayMs?: number };
}

/** The headers on every call: the SDK version, and `Authorization: Bearer <jwt or apiKey>` when one is set. */
export function providerHeaders(config: ConnectionConfig): Record<string, string> {
  const credential = bearerCredential(config);
  return {
    [SDK_VERSION_HEADER]: SDK_VERSION,
    ...(credential ? { Authorization: `Bearer ${credential}` } : {}),
  };
}

/**
 * Validates the connection config now (ChainConfigError), and when a client instantiates it: refuses a missing
 * chain (ChainNotSuppliedError) or a chain without a provider rpc url when no rpcUrl is set (ProviderRpcUrlError).
 */
export function latchTransport(config: LatchTransportConfig): Transport {
  validateConnectionConfig(config);
  const headers = providerHeaders(config);

  return (options) => {
    const chain = options.chain;
    if (!chain) throw new ChainNotSuppliedError();
    const nodeUrl = config.rpcUrl ?? providerRpcUrl(chain);
    if (!nodeUrl) throw new ProviderRpcUrlError();

    const endpoint = (url: string) =>
      http(url, {
        retryCount: config.retryCount ?? 0,
        ...(config.retryDelay !== undefined ? { retryDelay: config.retryDelay } : {}),
        ...(config.timeout !== undefined ? { timeout: config.timeout } : {}),
        ...(config.fetchFn ? { fetchFn: config.fetchFn } : {}),
        fetchOptions: {
          ...config.fetchOptions,
          headers: { ...(config.fetchOptions?.headers as Record<string, string> | undefined), ...headers },
        },
      });

    const node = endpoint(nodeUrl);
    const bundler = endpoint(config.bundlerUrl ?? bundlerRpcUrl(chain) ?? nodeUrl);
    const paymaster = endpoint(config.paymasterUrl ?? paymasterRpcUrl(chain) ?? nodeUrl);
    const wallet = config.chainAgnosticUrl
      ? chainAgnostic({
          primary: endpoint(config.chainAgnosticUrl),
          fallback: node,
          ...(config.chainAgnosticRetry?.retries !== undefined ? { retries: config.chainAgnosticRetry.retries } : {}),
          ...(config.chainAgnosticRetry?.delayMs !== undefined ? { delayMs: config.chainAgnosticRetry.delayMs } : {}),
        })
      : node;

    return split({
      overrides: [
        { methods: BUNDLER_METHODS, transport: bundler },
        { methods: PAYMASTER_METHODS, transport: paymaster },
        { methods: WALLET_METHODS, transport: wallet },
      ],
      fallback: node,
      retryCount: config.retryCount ?? 0,
    })(options);
  };
}

/** Another name for latchTransport: the transport to the blockchain provider. */
export const createProviderTransport = latchTransport;
