// Mobile wallet errors: the adapter's error codes, which our transport (transport/) throws,
// and the protocol's JSON-RPC codes, which the wallet answers.
import { LatchError } from "latch-kit";

/** The mobile wallet adapter's error codes. */
export const MOBILE_WALLET_ERROR_CODES = {
  associationPortOutOfRange: "ERROR_ASSOCIATION_PORT_OUT_OF_RANGE",
  reflectorIdOutOfRange: "ERROR_REFLECTOR_ID_OUT_OF_RANGE",
  forbiddenWalletBaseUrl: "ERROR_FORBIDDEN_WALLET_BASE_URL",
  secureContextRequired: "ERROR_SECURE_CONTEXT_REQUIRED",
  sessionClosed: "ERROR_SESSION_CLOSED",
  sessionTimeout: "ERROR_SESSION_TIMEOUT",
  walletNotFound: "ERROR_WALLET_NOT_FOUND",
  invalidProtocolVersion: "ERROR_INVALID_PROTOCOL_VERSION",
  browserNotSupported: "ERROR_BROWSER_NOT_SUPPORTED",
} as const;
/** One of {@link MOBILE_WALLET_ERROR_CODES}. */
export type MobileWalletErrorCode = (typeof MOBILE_WALLET_ERROR_CODES)[keyof typeof MOBILE_WALLET_ERROR_CODES];

/** JSON-RPC error codes of the mobile wallet protocol. */
export const MOBILE_WALLET_PROTOCOL_CODES = {
  authorizationFailed: -1,
  invalidPayloads: -2,
  notSigned: -3,
  notSubmitted: -4,
  tooManyPayloads: -5,
  attestOriginAndroid: -100,
} as const;

/** A mobile wallet failure; `code` says which. */
export class MobileWalletError extends LatchError {
  override readonly name = "MobileWalletError" as const;
  constructor(
    readonly code: MobileWalletErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** An error the wallet answered (JSON-RPC error object); -1 … -5, -100, or another code it chose. */
export class MobileWalletProtocolError extends LatchError {
  override readonly name = "MobileWalletProtocolError" as const;
  constructor(
    readonly code: number,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** An optional protocol feature (e.g. solana:cloneAuthorization) the wallet does not offer. */
export class MobileWalletFeatureError extends LatchError {
  override readonly name = "MobileWalletFeatureError" as const;
  constructor(
    readonly feature: string,
    message: string,
  ) {
    super(message);
  }
}
