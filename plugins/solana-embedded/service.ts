import type { Kit } from "latch-kit";
import type { Commitment } from "@solana/kit";
import { SOLANA_RPC_URLS, type SolanaNetwork } from "./network";
import { createSolanaConnection, type SolanaConnection, type SolanaTransactionVersion } from "./transaction";

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

/** Per kit: the Solana configuration and its connection. */
export class SolanaEmbedded {
  private connectionValue: SolanaConnection | undefined;
  constructor(readonly config: SolanaEmbeddedConfig) {}

  get connection(): SolanaConnection {
    this.connectionValue ??= createSolanaConnection({
      rpcUrl: this.config.rpcUrl ?? SOLANA_RPC_URLS[this.config.network ?? "mainnet"],
      ...(this.config.commitment ? { commitment: this.config.commitment } : {}),
      ...(this.config.headers ? { headers: this.config.headers } : {}),
      ...(this.config.network ? { network: this.config.network } : {}),
    });
    return this.connectionValue;
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
