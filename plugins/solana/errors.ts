// Solana wallet errors: one class per name, each with a stable `name`
// (apps tell them apart without instanceof). 'not connected' is the shared WalletNotConnectedError.
import { LatchError } from "latch-kit";
import { WalletNotConnectedError } from "../../lib/wallets/index";

export { WalletNotConnectedError };

/** Base of the Solana wallet errors. */
export class SolanaWalletError extends LatchError {
  override name: string = "SolanaWalletError";
}

/**
 * A Solana wallet error class of one name. Declared, not inferred: the inferred type of a class
 * expression carries Error's static members from the environment's types (Node's
 * `prepareStackTrace(…: NodeJS.CallSite[])`), which an app without @types/node cannot resolve.
 */
export interface NamedSolanaWalletError<N extends string> {
  new (message?: string, options?: { cause?: unknown }): SolanaWalletError & { readonly name: N };
}

const named = <N extends string>(name: N, fallback: string): NamedSolanaWalletError<N> =>
  class extends SolanaWalletError {
    override readonly name: N = name;
    constructor(message: string = fallback, options?: { cause?: unknown }) {
      super(message, options);
    }
  };

/** The wallet is not installed (readyState not Installed): its site opens in a new tab. */
export const WalletNotReadyError = named("WalletNotReadyError", "Wallet not ready");
/** 'Wallet failed to load'. */
export const WalletLoadError = named("WalletLoadError", "Wallet failed to load");
/** 'Wallet configuration error'. */
export const WalletConfigError = named("WalletConfigError", "Wallet configuration error");
/** 'Wallet connection failed'. */
export const WalletConnectionError = named("WalletConnectionError", "Wallet connection failed");
/** 'Wallet disconnected'. */
export const WalletDisconnectedError = named("WalletDisconnectedError", "Wallet disconnected");
/** 'Wallet disconnection failed'. */
export const WalletDisconnectionError = named("WalletDisconnectionError", "Wallet disconnection failed");
/** 'Wallet returned no account'. */
export const WalletAccountError = named("WalletAccountError", "Wallet returned no account");
/** 'Wallet returned an invalid public key'. */
export const WalletPublicKeyError = named("WalletPublicKeyError", "Wallet returned an invalid public key");
/** 'Wallet keypair error'. */
export const WalletKeypairError = named("WalletKeypairError", "Wallet keypair error");
/** 'Wallet failed to send the transaction'. */
export const WalletSendTransactionError = named("WalletSendTransactionError", "Wallet failed to send the transaction");
/** 'Wallet failed to sign the transaction'. */
export const WalletSignTransactionError = named("WalletSignTransactionError", "Wallet failed to sign the transaction");
/** 'Wallet failed to sign the message'. */
export const WalletSignMessageError = named("WalletSignMessageError", "Wallet failed to sign the message");
/** 'Sign in failed, no sign in result returned by wallet'. */
export const WalletSignInError = named("WalletSignInError", "Sign in failed, no sign in result returned by wallet");
/** 'Wallet timed out'. */
export const WalletTimeoutError = named("WalletTimeoutError", "Wallet timed out");
/** 'Wallet window blocked'. */
export const WalletWindowBlockedError = named("WalletWindowBlockedError", "Wallet window blocked");
/** 'Wallet window closed'. */
export const WalletWindowClosedError = named("WalletWindowClosedError", "Wallet window closed");
/** 'No wallet selected'. */
export const WalletNotSelectedError = named("WalletNotSelectedError", "No wallet selected");

/** Every name of the catalogue, in the spec's order. */
export const SOLANA_WALLET_ERROR_NAMES = [
  "WalletNotReadyError",
  "WalletLoadError",
  "WalletConfigError",
  "WalletConnectionError",
  "WalletDisconnectedError",
  "WalletDisconnectionError",
  "WalletAccountError",
  "WalletPublicKeyError",
  "WalletKeypairError",
  "WalletNotConnectedError",
  "WalletSendTransactionError",
  "WalletSignTransactionError",
  "WalletSignMessageError",
  "WalletSignInError",
  "WalletTimeoutError",
  "WalletWindowBlockedError",
  "WalletWindowClosedError",
  "WalletNotSelectedError",
] as const;
