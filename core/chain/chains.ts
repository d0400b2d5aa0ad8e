// Where the kit finds a chain's endpoints: the provider's node URL, and optionally separate bundler and
// paymaster URLs (a local devnet; the hosted provider serves all three on one URL).
import type { Chain } from "viem";

/** `chain.rpcUrls.provider.http[0]` is the provider's node URL for that chain. */
export const PROVIDER_RPC_URL_KEY = "provider";
/** The key of a chain's `rpcUrls` entry that names its bundler. */
export const BUNDLER_RPC_URL_KEY = "bundler";
/** The key of a chain's `rpcUrls` entry that names its paymaster. */
export const PAYMASTER_RPC_URL_KEY = "paymaster";

/** Chain ids of local development chains: no canonical factories there, addresses must be given. */
export const LOCAL_CHAIN_IDS: ReadonlySet<number> = new Set([31337, 1337]);

function firstHttp(chain: Chain, key: string): string | undefined {
  const urls = (chain.rpcUrls as Record<string, { http: readonly string[] } | undefined>)[key];
  return urls?.http[0];
}

/** The chain's node URL for the kit's connection, if it names one. */
export function providerRpcUrl(chain: Chain): string | undefined {
  return firstHttp(chain, PROVIDER_RPC_URL_KEY);
}

/** The chain's bundler URL, if it names one. */
export function bundlerRpcUrl(chain: Chain): string | undefined {
  return firstHttp(chain, BUNDLER_RPC_URL_KEY);
}

/** The chain's paymaster URL, if it names one. */
export function paymasterRpcUrl(chain: Chain): string | undefined {
  return firstHttp(chain, PAYMASTER_RPC_URL_KEY);
}
