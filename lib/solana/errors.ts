import { LatchError } from "latch-kit";

/** A sent transaction failed on chain, or expired before it was confirmed. */
export class SolanaTransactionError extends LatchError {
  override readonly name = "SolanaTransactionError" as const;
}
