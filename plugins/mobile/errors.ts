// Mobile wallet errors: the adapter's error codes and the protocol's JSON-RPC codes, and
// the mapping from what @solana-mobile/mobile-wallet-adapter-protocol throws.
import { SolanaMobileWalletAdapterError, SolanaMobileWalletAdapterProtocolError } from "@solana-mobile/mobile-wallet-adapter-protocol";
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

const SPEC_CODES = new Set<string>(Object.values(MOBILE_WALLET_ERROR_CODES));

// Codes the library has beyond the spec's list, mapped to the spec's nearest meaning.
const EXTRA_LIBRARY_CODES: Record<string, MobileWalletErrorCode> = {
  // Chrome refused the page access to localhost (local network access denied): this browser cannot associate.
  ERROR_LOOPBACK_ACCESS_BLOCKED: MOBILE_WALLET_ERROR_CODES.browserNotSupported,
  ERROR_ASSOCIATION_CANCELLED: MOBILE_WALLET_ERROR_CODES.sessionClosed,
  ERROR_ILLEGAL_TRANSPORT_STATE: MOBILE_WALLET_ERROR_CODES.sessionClosed,
};

/** The library's errors as ours (same codes); anything else passes through unchanged. */
export function fromLibraryError(error: unknown): unknown {
  if (error instanceof SolanaMobileWalletAdapterProtocolError) return new MobileWalletProtocolError(error.code, error.message, { cause: error });
  if (error instanceof SolanaMobileWalletAdapterError) {
    const code = SPEC_CODES.has(error.code) ? (error.code as MobileWalletErrorCode) : EXTRA_LIBRARY_CODES[error.code];
    if (code) return new MobileWalletError(code, error.message, { cause: error });
    return new MobileWalletError(MOBILE_WALLET_ERROR_CODES.sessionClosed, error.message, { cause: error });
  }
  return error;
}
