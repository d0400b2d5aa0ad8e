// The plugin's per-kit state: its configuration only, so that registering the plugin ships no Solana
// code; the RPC client and transaction code come with the hooks and functions that use them.
import { defineService, type Kit } from "latch-kit";
import { resolveSolanaEndpoint, type SolanaEndpoint, type SolanaEndpointConfig } from "../../lib/solana/endpoint";

export { resolveSolanaEndpoint, DEFAULT_COMMITMENT, type Commitment, type SolanaEndpoint } from "../../lib/solana/endpoint";

/** The Solana transaction versions the embedded signer builds. */
export type SolanaTransactionVersion = "legacy" | 0;

/** `rpcUrl` (default mainnet's public endpoint; the network is inferred from it), `network`, `headers`, `commitment`, plus: */
export interface SolanaEmbeddedConfig extends SolanaEndpointConfig {
  /** The default sponsorship policy of `useSolanaTransaction` (none: the user pays fees). */
  policyId?: string;
  /** The default transaction version (0). */
  transactionVersion?: SolanaTransactionVersion;
}

/** Per kit: the Solana configuration and its endpoint. */
export class SolanaEmbedded {
  readonly endpoint: SolanaEndpoint;
  constructor(readonly config: SolanaEmbeddedConfig) {
    this.endpoint = resolveSolanaEndpoint(config);
  }
}

const solanaEmbedded = defineService<SolanaEmbedded>("SolanaEmbedded", {
  missing: "Solana is not configured: add solanaEmbedded({ rpcUrl }) to the kit's plugins",
});

export const registerSolanaEmbedded = (kit: Kit, config: SolanaEmbeddedConfig): SolanaEmbedded =>
  solanaEmbedded.provide(kit, () => new SolanaEmbedded(config));

/** The kit's embedded Solana service. */
export const getSolanaEmbedded = (kit: Kit): SolanaEmbedded => solanaEmbedded.of(kit);
