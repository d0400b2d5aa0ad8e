// Sending a transaction through the connected wallet: `solana:signAndSendTransaction` when the wallet
// has it (for that transaction version), else `solana:signTransaction` and the plugin's RPC endpoint
// sends it. Either way the endpoint then confirms it at the commitment (default confirmed).
import { getBase58Decoder, getBase64Decoder, getTransactionEncoder, type Signature, type Transaction } from "@solana/kit";
import { SolanaSignAndSendTransaction, type SolanaSignAndSendTransactionFeature } from "@solana/wallet-standard-features";
import type { Commitment } from "../../lib/solana/endpoint";
import { confirmSolanaTransaction, submitSolanaTransaction } from "../../lib/solana/send";
import { untilAborted, type AbortOptions } from "latch-kit";
import { WalletNotConnectedError, WalletSendTransactionError } from "./errors";
import { chainFor, signingError, wireVersion, type SolanaWallets } from "./service";
import { solanaWalletStrings as t } from "./strings";

/** How to send through the wallet: preflight and confirmation. */
export interface SendSolanaWalletTransactionOptions extends AbortOptions {
  /** Default: the plugin's (confirmed unless configured). */
  commitment?: Commitment;
  skipPreflight?: boolean;
  /** The blockhash's last valid block height (read from the transaction's lifetime when it has one). */
  lastValidBlockHeight?: bigint;
  /** Give up confirming after this long (default 60 s). */
  timeoutMs?: number;
  /** How often to poll the signature status while confirming (default 400 ms). */
  pollIntervalMs?: number;
}

/** The sent transaction's signature, and who sent it (the wallet or the RPC). */
export interface SendSolanaWalletTransactionResult {
  /** The transaction signature (base58): its id on chain. */
  hash: Signature;
  /** `wallet`: the wallet sent it (signAndSendTransaction); `rpc`: the wallet signed, the plugin's endpoint sent it. */
  sentBy: "wallet" | "rpc";
}

export async function sendWithWallet(
  wallets: SolanaWallets,
  transaction: Transaction,
  options: SendSolanaWalletTransactionOptions = {},
): Promise<SendSolanaWalletTransactionResult> {
  if (wallets.getConnection().status !== "connected") throw new WalletNotConnectedError(t.noSolanaAddress);
  const { wallet, account } = wallets.requireSelected();
  const endpoint = wallets.settings.endpoint;
  const commitment = options.commitment ?? endpoint.commitment;
  const wire = getTransactionEncoder().encode(transaction) as Uint8Array;
  const version = wireVersion(wire);
  const feature = (wallet.features as Partial<SolanaSignAndSendTransactionFeature>)[SolanaSignAndSendTransaction];
  let hash: Signature;
  let sentBy: SendSolanaWalletTransactionResult["sentBy"];
  if (feature?.supportedTransactionVersions.includes(version)) {
    const chain = chainFor(account, wallets.settings.chain);
    if (!chain) throw new WalletSendTransactionError(t.chainUnsupported);
    try {
      const [output] = await untilAborted(
        feature.signAndSendTransaction({
          account,
          chain,
          transaction: wire,
          options: { commitment, preflightCommitment: commitment, ...(options.skipPreflight ? { skipPreflight: true } : {}) },
        }),
        options.signal,
      );
      if (!output) throw new WalletSendTransactionError();
      hash = getBase58Decoder().decode(output.signature) as Signature;
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw signingError(error, WalletSendTransactionError);
    }
    sentBy = "wallet";
  } else {
    const signed = await untilAborted(wallets.signTransactionBytes(wire), options.signal);
    options.signal?.throwIfAborted();
    try {
      hash = await submitSolanaTransaction(endpoint, getBase64Decoder().decode(signed), { commitment, skipPreflight: options.skipPreflight });
    } catch (error) {
      throw new WalletSendTransactionError((error as Error).message, { cause: error });
    }
    sentBy = "rpc";
  }
  await confirmSolanaTransaction(endpoint, hash, {
    commitment,
    lastValidBlockHeight: options.lastValidBlockHeight ?? blockhashLifetimeOf(transaction),
    timeoutMs: options.timeoutMs,
    pollIntervalMs: options.pollIntervalMs,
    signal: options.signal,
  });
  return { hash, sentBy };
}

/** The last valid block height of a transaction compiled with a blockhash lifetime, if it carries one. */
function blockhashLifetimeOf(transaction: Transaction): bigint | undefined {
  const lifetime = (transaction as { lifetimeConstraint?: { lastValidBlockHeight?: unknown } }).lifetimeConstraint;
  return typeof lifetime?.lastValidBlockHeight === "bigint" ? lifetime.lastValidBlockHeight : undefined;
}
