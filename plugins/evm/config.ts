import type { Config } from "@wagmi/core";
import type { Chain, Transport } from "viem";
import { mainnet } from "viem/chains";
import { DEFAULT_WALLET_STORAGE_KEY } from "latch-kit";

/** Options of the {@link evm} plugin. */
export interface EvmPluginConfig {
  /** The chains the app works on (viem chains); the first is the default. Default: `wagmiConfig`'s chains, else `[mainnet]`. */
  chains: readonly [Chain, ...Chain[]];
  /** Transport per chain id for reads; default `http()` of the chain's RPC URL. Ignored with `wagmiConfig`. */
  transports?: Record<number, Transport>;
  /** Local storage key of the remembered wallet name; default 'walletName'. Unused with `wagmiConfig` (wagmi remembers). */
  walletStorageKey?: string;
  /** Where 'Find a wallet' leads when no wallet can be found. */
  findWalletUrl?: string;
  /**
   * The app's own wagmi config (or a function returning it, when the config is created after the kit,
   * e.g. because it holds `latchConnector({ kit })`). Latch then connects external wallets through it
   * instead of a config of its own: a wallet the app connects with wagmi is the Latch user, and a
   * wallet chosen in the Latch dialog is wagmi's connected account (`useAccount`). One connection, one state.
   */
  wagmiConfig?: Config | (() => Config);
}

export interface ResolvedEvmConfig extends Omit<EvmPluginConfig, "chains"> {
  /** Absent only with `wagmiConfig`: then its chains. */
  chains?: readonly [Chain, ...Chain[]];
  walletStorageKey: string;
}

export function resolveEvmConfig(config?: Partial<EvmPluginConfig>): ResolvedEvmConfig {
  const chains = config?.chains?.length ? config.chains : config?.wagmiConfig ? undefined : ([mainnet] as const);
  return {
    ...config,
    ...(chains ? { chains } : {}),
    walletStorageKey: config?.walletStorageKey ?? DEFAULT_WALLET_STORAGE_KEY,
  };
}

/** The app's wagmi config, if one was given. */
export function appWagmiConfig(settings: ResolvedEvmConfig): Config | undefined {
  const config = settings.wagmiConfig;
  return typeof config === "function" ? config() : config;
}
