import { definePlugin, type LatchPlugin } from "latch-kit";
import { registerSolanaEmbedded, type SolanaEmbeddedConfig } from "./service";

/**
 * Solana for embedded-wallet users: the user's `solanaAddress` signs messages and transactions
 * (legacy and v0) through the signer backend; transactions go through a Solana RPC endpoint
 * (network inferred from it), optionally with their fee sponsored under a policy.
 * Registering the plugin ships only its configuration; the Solana code comes with the hooks used.
 */
export const solanaEmbedded = (config: SolanaEmbeddedConfig = {}): LatchPlugin =>
  definePlugin({
    id: "solana-embedded",
    /** Installs the kit's embedded Solana service. */
    setup: (kit) => void registerSolanaEmbedded(kit, config),
  });

export {
  getSolanaEmbedded,
  resolveSolanaEndpoint,
  SolanaEmbedded,
  DEFAULT_COMMITMENT,
  type SolanaEmbeddedConfig,
  type SolanaEndpoint,
  type Commitment,
  type SolanaTransactionVersion,
} from "./service";
export {
  createSolanaSigner,
  toSolanaSignature,
  transactionVersionOf,
  requireSolanaAddress,
  signSolanaBytes,
  SOLANA_SIGNATURE_BYTES,
  type SolanaSigner,
} from "./signer";
export { inferSolanaNetwork, solanaChainId, SOLANA_RPC_URLS, SOLANA_CLUSTERS, type SolanaNetwork } from "../../lib/solana/network";
export { requestFeePayer, FEE_PAYER_METHOD, type FeePayerRequest } from "./sponsorship";
export { createSolanaConnection, getSolanaConnection, type SolanaConnection } from "./connection";
export { solanaRpcRequest, SolanaRpcError } from "../../lib/solana/rpc";
export {
  buildSolanaTransaction,
  sendSolanaTransaction,
  instructionsOf,
  transferSolInstruction,
  SYSTEM_PROGRAM_ADDRESS,
  TRANSACTION_VERSIONS,
  type SolanaTransactionRequest,
  type SendSolanaTransactionOptions,
  type SendSolanaTransactionResult,
} from "./transaction";
export { confirmSolanaTransaction, submitSolanaTransaction, type ConfirmSolanaTransactionOptions } from "../../lib/solana/send";
export {
  NoSolanaAddressError,
  UnsupportedTransactionVersionError,
  SolanaSponsorshipError,
  SolanaTransactionError,
  NO_SOLANA_ADDRESS,
  NO_SOLANA_ADDRESS_SHORT,
} from "./errors";
export { useSolanaConnection, useSolanaSigner, useSolanaSignMessage, useSolanaTransaction } from "./hooks";
