// Where the kit finds a chain's endpoints: the provider's node URL, and optionally separate bundler and
// paymaster URLs (a local devnet; the hosted provider serves all three on one URL).
import type { Chain } from "viem";

/** `chain.rpcUrls.provider.http[0]` is the provider's node URL for that chain. */
export const PROVIDER_RPC_URL_KEY = "provider";
export const BUNDLER_RPC_URL_KEY = "bundler";
export const PAYMASTER_RPC_URL_KEY = "paymaster";

/** Chain ids of local development chains: no canonical factories there, addresses must be given. */
export const LOCAL_CHAIN_IDS: ReadonlySet<number> = new Set([31337, 1337]);

function firstHttp(chain: Chain, key: string): string | undefined {
  const urls = (chain.rpcUrls as Record<string, { http: readonly string[] } | undefined>)[key];
  return urls?.http[0];
}

export function providerRpcUrl(chain: Chain): string | undefined {
  return firstHttp(chain, PROVIDER_RPC_URL_KEY);
}

export function bundlerRpcUrl(chain: Chain): string | undefined {
  return firstHttp(chain, BUNDLER_RPC_URL_KEY);
}

export function paymasterRpcUrl(chain: Chain): string | undefined {
  return firstHttp(chain, PAYMASTER_RPC_URL_KEY);
}
