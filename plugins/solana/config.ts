import { resolveSolanaEndpoint, type Commitment, type SolanaEndpoint } from "../../lib/solana/endpoint";
import { inferSolanaNetwork, solanaChainId, SOLANA_RPC_URLS, type SolanaNetwork } from "../../lib/solana/network";

/** A wallet to offer even when it is not installed: choosing it then opens its site in a new tab. */
export interface KnownSolanaWallet {
  name: string;
  /** The wallet's site (opened in a new tab when the wallet is not ready). */
  url: string;
  icon?: string;
}

/** Options of the {@link solana} plugin: chain, featured wallets, endpoint and commitment. */
export interface SolanaPluginConfig {
  /**
   * Wallet-standard chain the app works on: 'solana:mainnet' (default; without it, the network of
   * `rpcUrl` when given), 'solana:devnet', 'solana:testnet' or 'solana:localnet'. A wallet lists
   * only if it supports some `solana:*` chain.
   */
  chain?: `solana:${string}`;
  /** Wallets to list as not detected when absent; an installed wallet of the same name replaces its row. */
  wallets?: KnownSolanaWallet[];
  /** Where 'Find a wallet' leads when no wallet can be found. */
  findWalletUrl?: string;
  /**
   * The Solana JSON-RPC endpoint that sends a transaction when the wallet can only sign it, and that
   * confirms sent transactions. Default: the chain's public endpoint (localnet: http://localhost:8899).
   */
  rpcUrl?: string;
  /** Headers sent to `rpcUrl` (an API key, for instance). */
  headers?: Record<string, string>;
  /** The commitment a sent transaction is confirmed at; default confirmed. */
  commitment?: Commitment;
}

/** The Solana plugin's options after defaults. */
export interface ResolvedSolanaConfig {
  chain: `solana:${string}`;
  wallets: KnownSolanaWallet[];
  findWalletUrl?: string;
  endpoint: SolanaEndpoint;
}

const networkOfChain = (chain: string): SolanaNetwork | undefined => {
  const name = chain.slice("solana:".length);
  return name in SOLANA_RPC_URLS ? (name as SolanaNetwork) : undefined;
};

/** Checks the Solana plugin's options and fills the defaults. */
export function resolveSolanaConfig(config: SolanaPluginConfig = {}): ResolvedSolanaConfig {
  const chain = config.chain ?? (config.rpcUrl ? solanaChainId(inferSolanaNetwork(config.rpcUrl)) : "solana:mainnet");
  const network = networkOfChain(chain);
  const endpoint = resolveSolanaEndpoint({
    ...(config.rpcUrl ? { rpcUrl: config.rpcUrl } : network ? { network } : {}),
    ...(config.headers ? { headers: config.headers } : {}),
    ...(config.commitment ? { commitment: config.commitment } : {}),
  });
  return {
    chain,
    wallets: config.wallets ?? [],
    endpoint,
    ...(config.findWalletUrl ? { findWalletUrl: config.findWalletUrl } : {}),
  };
}
