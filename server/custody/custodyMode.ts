/** A server's custody of new wallets (LATCH_CUSTODY). */
export type CustodyMode = "server" | "split" | "split-required";

/**
 * A wallet's custody: the server holds its key (`server`); the server holds it until the user's
 * frame splits it (`pending`: a wallet moving from server custody, or created before wallets were
 * made in the frame); it is split (`split`); or the account has no wallet yet (`none`): the user's
 * signer frame creates it after sign-in and uploads its shares, the server never holds its key.
 */
export type WalletCustody = "server" | "pending" | "split" | "none";

export const CUSTODY_MODES: readonly CustodyMode[] = ["server", "split", "split-required"];

/** The custody of an account created now: in split mode its wallet is made in the user's frame, not here. */
export function newWalletCustody(mode: CustodyMode): WalletCustody {
  return mode === "server" ? "server" : "none";
}
