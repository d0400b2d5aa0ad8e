import { LatchError } from "latch-kit";

/** Signing needs the user's Solana address. */
export const NO_SOLANA_ADDRESS = "No Solana address available for the user";
/** The same condition where a transaction is sent without a Solana signer. */
export const NO_SOLANA_ADDRESS_SHORT = "no solana address";

/** The signed-in user has no Solana address. */
export class NoSolanaAddressError extends LatchError {
  override readonly name = "NoSolanaAddressError" as const;
  constructor(message: string = NO_SOLANA_ADDRESS) {
    super(message);
  }
}

/** Only legacy and version 0 transactions are signed. */
export class UnsupportedTransactionVersionError extends LatchError {
  override readonly name = "UnsupportedTransactionVersionError" as const;
  constructor(readonly version: number) {
    super(`Transaction version ${version} is not supported: the embedded Solana signer signs legacy and version 0 transactions`);
  }
}

/** The fee-payer request failed or its answer lacks `result.serializedTransaction`. */
export class SolanaSponsorshipError extends LatchError {
  override readonly name = "SolanaSponsorshipError" as const;
}

export { SolanaTransactionError } from "../../lib/solana/errors";
