// What a wallet says it can do (`get_capabilities`), and the up-front check of a request's size
// against it: a request over the wallet's maximum is refused here with the protocol's 'too many
// payloads' code instead of after a hand-off to the wallet.
import { format } from "latch-kit/react";
import { MOBILE_WALLET_PROTOCOL_CODES, MobileWalletProtocolError } from "./errors";
import { mobileWalletStrings, type MobileWalletStrings } from "./strings";

/** The optional feature id of cloning an authorization. */
export const SOLANA_CLONE_AUTHORIZATION = "solana:cloneAuthorization";

/** A transaction version a mobile wallet supports. */
export type MobileTransactionVersion = "legacy" | number;

/** What the mobile wallet can do: request limits, transaction versions and optional features. */
export interface MobileWalletCapabilities {
  /** null: the wallet gave no limit. */
  maxTransactionsPerRequest: number | null;
  maxMessagesPerRequest: number | null;
  supportedTransactionVersions: MobileTransactionVersion[];
  /** Optional features, e.g. 'solana:cloneAuthorization', 'solana:signTransactions'. */
  features: string[];
}

const limit = (value: unknown) => (typeof value === "number" && Number.isInteger(value) && value > 0 ? value : null);

/** The wallet's answer (as the transport passes it on) in our shape; anything malformed counts as absent. */
export function toCapabilities(answer: unknown): MobileWalletCapabilities {
  const a = (answer ?? {}) as Record<string, unknown>;
  const versions = Array.isArray(a.supported_transaction_versions) ? a.supported_transaction_versions : [];
  const features = Array.isArray(a.features) ? a.features : [];
  return {
    maxTransactionsPerRequest: limit(a.max_transactions_per_request),
    maxMessagesPerRequest: limit(a.max_messages_per_request),
    supportedTransactionVersions: versions.filter((v): v is MobileTransactionVersion => v === "legacy" || typeof v === "number"),
    features: features.filter((f): f is string => typeof f === "string"),
  };
}

/** Whether the wallet's capabilities list the feature. */
export function supportsFeature(capabilities: MobileWalletCapabilities | null, feature: string): boolean {
  return capabilities?.features.includes(feature) ?? false;
}

/** Throws 'too many payloads' (-5) when known capabilities say the wallet takes fewer in one request. */
export function assertWithinLimit(
  capabilities: MobileWalletCapabilities | null,
  kind: "transactions" | "messages",
  count: number,
  t: MobileWalletStrings = mobileWalletStrings,
): void {
  const max = kind === "transactions" ? capabilities?.maxTransactionsPerRequest : capabilities?.maxMessagesPerRequest;
  if (max == null || count <= max) return;
  const text = kind === "transactions" ? t.tooManyTransactions : t.tooManyMessages;
  throw new MobileWalletProtocolError(MOBILE_WALLET_PROTOCOL_CODES.tooManyPayloads, format(text, { max: String(max), count: String(count) }));
}
