// Which readable text an error shows. Screens look the key up in the renderer's string table
// (translatable); the error itself, with its raw detail, goes to the console.
import { isAbortError } from "./abort";
import { LatchError } from "./errors";
import { isTimeoutError } from "./signer/transport";

/** The readable texts an error can map to (keys of the renderer's `errors` strings). */
export type ErrorTextKey =
  | "timeout"
  | "cancelled"
  | "offline"
  | "invalidInput"
  | "unavailable"
  | "rateLimited"
  | "appNotAuthorised"
  | "walletRejected"
  | "transactionReverted"
  | "transactionRefused"
  | "unexpected";

/** Names of errors whose own message is written for people (the kit's catalogue, spec texts). */
const READABLE_NAMES = /^(?:LatchError|NotAuthenticatedError|NotLoggedInError|OAuthProvidersError|MfaRequiredError|UnsupportedFeatureError|PermissionDeniedError|ConfigError|PasskeyCancelledError|WebauthnUnsupportedError|.*Oauth.*|.*OAuth.*)$/;

const VALIDATION_CODES = new Set(["INVALID_REQUEST", "INVALID_JSON"]);
/** The server refused the app's own credential (signer.connection.apiKey or .jwt), not the user. */
const APP_CREDENTIAL_CODES = new Set(["API_KEY_REQUIRED", "INVALID_API_KEY", "INVALID_APP_JWT"]);

/**
 * The readable text for `error`: a key of the shared error texts, or `null` when the error's own
 * message is already meant for people (the kit's errors, and the backend's answers other than
 * schema refusals, which name fields and values).
 */
export function errorTextKey(error: unknown): ErrorTextKey | null {
  if (isTimeoutError(error)) return "timeout";
  if (isAbortError(error)) return "cancelled";
  if (!(error instanceof Error)) return "unexpected";
  const { name, message } = error;
  const fields = error as { code?: unknown; status?: unknown; shortMessage?: unknown };
  if (name === "RateLimitedError") return "rateLimited";
  if (name === "SignerHttpError") {
    if (typeof fields.code === "string" && VALIDATION_CODES.has(fields.code)) return "invalidInput";
    if (typeof fields.code === "string" && APP_CREDENTIAL_CODES.has(fields.code)) return "appNotAuthorised";
    if (typeof fields.status === "number" && fields.status >= 500) return "unavailable";
    return null;
  }
  // fetch's network failure (Chromium, Firefox, Safari wordings).
  if (name === "TypeError" && /failed to fetch|networkerror|load failed|network request failed/i.test(message)) return "offline";
  // viem: a refusal in the wallet (EIP-1193 4001), a revert, or any other viem error (hex dumps in its message).
  if (name === "UserRejectedRequestError" || fields.code === 4001) return "walletRejected";
  if (/Revert|ExecutionReverted|CallExecution|EstimateGas|TransactionExecution/.test(name)) return "transactionReverted";
  // Solana: the node refused the transaction (preflight simulation failed, its logs are the detail).
  if (name === "SolanaRpcError" || name === "SendTransactionError" || /simulation failed/i.test(message)) return "transactionRefused";
  if (typeof fields.shortMessage === "string") return "unexpected";
  return error instanceof LatchError || READABLE_NAMES.test(name) ? null : "unexpected";
}

/** The texts of the keys, in English: the renderer's `errors` string table (apps translate it with `ui.strings.errors`). */
export const ERROR_TEXTS: Record<ErrorTextKey, string> = {
  timeout: "Connection timed out: It looks like you need more time.",
  cancelled: "The request was cancelled.",
  offline: "Could not reach the server. Check your connection and try again.",
  invalidInput: "Something you entered is not valid. Check it and try again.",
  unavailable: "The service is not available right now. Try again later.",
  rateLimited: "The request is currently not allowed by the agent or the platform. Try again later.",
  appNotAuthorised: "This app is not authorised by its sign-in server.",
  walletRejected: "You rejected the request in your wallet.",
  transactionReverted: "The transaction would fail: the contract refused it.",
  transactionRefused: "The network refused the transaction. Check it and try again.",
  unexpected: "Something went wrong. Please try again.",
};

/**
 * The text a screen shows for `error`: a readable text for library, network and schema errors
 * (their raw detail is logged to the console), else the error's own message.
 */
export function readableErrorText(error: unknown, texts: Record<ErrorTextKey, string> = ERROR_TEXTS): string {
  const key = errorTextKey(error);
  if (key === null) return (error as Error).message || texts.unexpected;
  if (key === "appNotAuthorised") {
    // The app's developer, not the user, can fix this one: say how.
    console.error("[latch] The sign-in server refused this app's credential: set signer.connection.apiKey (or signer.connection.jwt) in the kit's config.", error);
  } else if (key !== "cancelled" && key !== "walletRejected") console.warn("[latch] shown as a readable text:", error);
  return texts[key];
}
