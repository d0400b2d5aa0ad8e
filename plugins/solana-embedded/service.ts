// The plugin's per-kit state: its configuration only, so that registering the plugin ships no Solana
// code; the RPC client and transaction code come with the hooks and functions that use them.
import type { Kit } from "latch-kit";
import { inferSolanaNetwork, solanaChainId, SOLANA_RPC_URLS, type SolanaNetwork } from "./network";

export type Commitment = "processed" | "confirmed" | "finalized";
export type SolanaTransactionVersion = "legacy" | 0;

export const DEFAULT_COMMITMENT: Commitment = "confirmed";

export interface SolanaEmbeddedConfig {
  /** The Solana JSON-RPC endpoint (default mainnet's public endpoint). The network is inferred from it. */
  rpcUrl?: string;
  /** Overrides the network inferred from `rpcUrl`. */
  network?: SolanaNetwork;
  /** Headers sent to the endpoint (an API key, for instance). */
  headers?: Record<string, string>;
  /** Default confirmed. */
  commitment?: Commitment;
  /** The default sponsorship policy of `useSolanaTransaction` (none: the user pays fees). */
  policyId?: string;
  /** The default transaction version (0). */
  transactionVersion?: SolanaTransactionVersion;
}

/** Where Solana requests go, and how. */
export interface SolanaEndpoint {
  rpcUrl: string;
  /** Inferred from the endpoint (spec §5), unless configured. */
  network: SolanaNetwork;
  chainId: `solana:${SolanaNetwork}`;
  commitment: Commitment;
  headers: Record<string, string>;
}

export function resolveSolanaEndpoint(config: SolanaEmbeddedConfig): SolanaEndpoint {
  const rpcUrl = config.rpcUrl ?? SOLANA_RPC_URLS[config.network ?? "mainnet"];
  const network = config.network ?? inferSolanaNetwork(rpcUrl);
  return { rpcUrl, network, chainId: solanaChainId(network), commitment: config.commitment ?? DEFAULT_COMMITMENT, headers: config.headers ?? {} };
}

/** Per kit: the Solana configuration and its endpoint. */
export class SolanaEmbedded {
  readonly endpoint: SolanaEndpoint;
  constructor(readonly config: SolanaEmbeddedConfig) {
    this.endpoint = resolveSolanaEndpoint(config);
  }
}

const SERVICE = Symbol.for("latch.SolanaEmbedded");

export function registerSolanaEmbedded(kit: Kit, config: SolanaEmbeddedConfig): SolanaEmbedded {
  const service = new SolanaEmbedded(config);
  kit.container.register(SERVICE, { useValue: service });
  return service;
}

export function getSolanaEmbedded(kit: Kit): SolanaEmbedded {
  if (!kit.container.isRegistered(SERVICE, false)) {
    throw new Error("Solana is not configured: add solanaEmbedded({ rpcUrl }) to the kit's plugins");
  }
  return kit.container.resolve<SolanaEmbedded>(SERVICE);
}
