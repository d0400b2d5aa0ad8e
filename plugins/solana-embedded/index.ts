import { definePlugin } from "latch-kit";
import { registerSolanaEmbedded, type SolanaEmbeddedConfig } from "./service";

/**
 * Solana for embedded-wallet users: the user's `solanaAddress` signs messages and transactions
 * (legacy and v0) through the signer backend; transactions go through a Solana RPC endpoint
 * (network inferred from it), optionally with their fee sponsored under a policy.
 */
export const solanaEmbedded = (config: SolanaEmbeddedConfig = {}) =>
  definePlugin({
    id: "solana-embedded",
    setup: (kit) => void registerSolanaEmbedded(kit, config),
  });

export { getSolanaEmbedded, SolanaEmbedded, type SolanaEmbeddedConfig } from "./service";
export {
  createSolanaSigner,
  toSolanaSignature,
  transactionVersionOf,
  requireSolanaAddress,
  signSolanaBytes,
  SOLANA_SIGNATURE_BYTES,
  type SolanaSigner,
} from "./signer";
export { inferSolanaNetwork, solanaChainId, SOLANA_RPC_URLS, SOLANA_CLUSTERS, type SolanaNetwork } from "./network";
export { requestFeePayer, FEE_PAYER_METHOD, type FeePayerRequest } from "./sponsorship";
export {
  createSolanaConnection,
  buildSolanaTransaction,
  sendSolanaTransaction,
  confirmSolanaTransaction,
  instructionsOf,
  DEFAULT_COMMITMENT,
  TRANSACTION_VERSIONS,
  type SolanaConnection,
  type SolanaTransactionRequest,
  type SolanaTransactionVersion,
  type SendSolanaTransactionOptions,
  type SendSolanaTransactionResult,
} from "./transaction";
export {
  NoSolanaAddressError,
  UnsupportedTransactionVersionError,
  SolanaSponsorshipError,
  SolanaTransactionError,
  NO_SOLANA_ADDRESS,
  NO_SOLANA_ADDRESS_SHORT,
} from "./errors";
export { useSolanaConnection, useSolanaSigner, useSolanaSignMessage, useSolanaTransaction } from "./hooks";
