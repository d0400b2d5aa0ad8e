// Where Solana JSON-RPC requests go: the endpoint, its network (inferred from the URL) and
// the commitment transactions are confirmed at. Shared by the embedded and the wallet plugins.
import { inferSolanaNetwork, solanaChainId, SOLANA_RPC_URLS, type SolanaNetwork } from "./network";

/** A Solana commitment level. */
export type Commitment = "processed" | "confirmed" | "finalized";

/** The commitment waited for by default. */
export const DEFAULT_COMMITMENT: Commitment = "confirmed";

export interface SolanaEndpointConfig {
  /** The Solana JSON-RPC endpoint (default the network's public endpoint, mainnet's without one). */
  rpcUrl?: string;
  /** Overrides the network inferred from `rpcUrl`. */
  network?: SolanaNetwork;
  /** Headers sent to the endpoint (an API key, for instance). */
  headers?: Record<string, string>;
  /** Default confirmed. */
  commitment?: Commitment;
}

/** Where Solana requests go, and how. */
export interface SolanaEndpoint {
  rpcUrl: string;
  /** Inferred from the endpoint, unless configured. */
  network: SolanaNetwork;
  chainId: `solana:${SolanaNetwork}`;
  commitment: Commitment;
  headers: Record<string, string>;
}

/** The endpoint, network and commitment of a Solana config, with defaults. */
export function resolveSolanaEndpoint(config: SolanaEndpointConfig): SolanaEndpoint {
  const rpcUrl = config.rpcUrl ?? SOLANA_RPC_URLS[config.network ?? "mainnet"];
  const network = config.network ?? inferSolanaNetwork(rpcUrl);
  return { rpcUrl, network, chainId: solanaChainId(network), commitment: config.commitment ?? DEFAULT_COMMITMENT, headers: config.headers ?? {} };
}
