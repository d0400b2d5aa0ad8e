import type { Chain, Transport } from "viem";
import { mainnet } from "viem/chains";
import { DEFAULT_WALLET_STORAGE_KEY } from "latch-kit";

export interface EvmPluginConfig {
  /** The chains the app works on (viem chains); the first is the default. */
  chains: readonly [Chain, ...Chain[]];
  /** Transport per chain id for reads; default `http()` of the chain's RPC URL. */
  transports?: Record<number, Transport>;
  /** Local storage key of the remembered wallet name; default 'walletName'. */
  walletStorageKey?: string;
  /** Where 'Find a wallet' leads when no wallet can be found. */
  findWalletUrl?: string;
}

export interface ResolvedEvmConfig extends EvmPluginConfig {
  walletStorageKey: string;
}

export function resolveEvmConfig(config?: Partial<EvmPluginConfig>): ResolvedEvmConfig {
  return {
    ...config,
    chains: config?.chains?.length ? config.chains : [mainnet],
    walletStorageKey: config?.walletStorageKey ?? DEFAULT_WALLET_STORAGE_KEY,
  };
}
