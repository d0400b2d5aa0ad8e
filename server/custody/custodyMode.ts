/** A server's custody of new wallets (LATCH_CUSTODY). */
export type CustodyMode = "server" | "split" | "split-required";

/** A wallet's custody: the server holds its key, it waits for its first frame to split it, or it is split. */
export type WalletCustody = "server" | "pending" | "split";

export const CUSTODY_MODES: readonly CustodyMode[] = ["server", "split", "split-required"];

/** The custody of a wallet created now. */
export function newWalletCustody(mode: CustodyMode): WalletCustody {
  return mode === "server" ? "server" : "pending";
}
