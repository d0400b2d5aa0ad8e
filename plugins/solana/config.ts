/** A wallet to offer even when it is not installed: choosing it then opens its site in a new tab. */
export interface KnownSolanaWallet {
  name: string;
  /** The wallet's site (opened in a new tab when the wallet is not ready). */
  url: string;
  icon?: string;
}

export interface SolanaPluginConfig {
  /**
   * Wallet-standard chain the app works on: 'solana:mainnet' (default), 'solana:devnet',
   * 'solana:testnet' or 'solana:localnet'. A wallet lists only if it supports some `solana:*` chain.
   */
  chain?: `solana:${string}`;
  /** Wallets to list as not detected when absent; an installed wallet of the same name replaces its row. */
  wallets?: KnownSolanaWallet[];
  /** Where 'Find a wallet' leads when no wallet can be found. */
  findWalletUrl?: string;
}

export interface ResolvedSolanaConfig {
  chain: `solana:${string}`;
  wallets: KnownSolanaWallet[];
  findWalletUrl?: string;
}

export function resolveSolanaConfig(config: SolanaPluginConfig = {}): ResolvedSolanaConfig {
  return {
    chain: config.chain ?? "solana:mainnet",
    wallets: config.wallets ?? [],
    ...(config.findWalletUrl ? { findWalletUrl: config.findWalletUrl } : {}),
  };
}
