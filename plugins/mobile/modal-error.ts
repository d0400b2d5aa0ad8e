// What the user is told when a session fails, as an error the wallet error view and the modals show.
import { LatchError } from "latch-kit";
import { format } from "latch-kit/react";
import { UserRejectedError } from "../../lib/wallets/index";
import { MOBILE_WALLET_ERROR_CODES as CODES, MobileWalletError, MobileWalletFeatureError } from "./errors";
import { mobileWalletStrings, type MobileWalletStrings } from "./strings";

/** Which failure the mobile wallet modal shows. */
export type MobileWalletModalKind = "not-found" | "browser-unsupported" | "unexpected";

/** A failed session as the spec's modal text; `cause` keeps the error behind it. */
export class MobileWalletModalError extends LatchError {
  override readonly name = "MobileWalletModalError" as const;
  constructor(
    readonly kind: MobileWalletModalKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * The modal for a failure. A user's own cancel (UserRejectedError) is not one and passes through, as
 * does an optional feature the wallet lacks: the app asked for it, the app tells the user.
 */
export function toModalError(error: unknown, t: MobileWalletStrings = mobileWalletStrings): Error {
  if (error instanceof MobileWalletModalError || error instanceof UserRejectedError || error instanceof MobileWalletFeatureError) return error;
  if (error instanceof MobileWalletError) {
    if (error.code === CODES.walletNotFound) return new MobileWalletModalError("not-found", t.notFound, { cause: error });
    if (error.code === CODES.browserNotSupported) return new MobileWalletModalError("browser-unsupported", t.browserUnsupported, { cause: error });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new MobileWalletModalError("unexpected", format(t.unexpected, { message }), { cause: error });
}
